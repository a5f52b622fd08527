/*
 * The stylesheets of the sections below the hero, which are code-split (landing-sections.tsx) but in
 * the server's HTML from the first paint: imported here, they are part of the page's one stylesheet
 * rather than of the sections' chunk, which loads later. The budget test fails when that chunk brings
 * any CSS of its own (e2e/budget.spec.ts).
 */
import '../connections/verified-line.module.css';
import '../experiments/experiment-grid.module.css';
import '../revenue/revenue-over-time.module.css';
import '../revenue/how-calculated.module.css';
import '../revenue/revenue-tracker.module.css';
import '../subscribers/newsletter-form.module.css';
import '../../components/markdown-content.module.css';
import './story-section.module.css';
