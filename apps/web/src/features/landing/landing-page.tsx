import { ExperimentGrid } from '../experiments/experiment-grid';
import { MilestoneTimeline } from '../milestones/milestone-timeline';
import { RevenueOverTime } from '../revenue/revenue-over-time';
import { RevenueTracker } from '../revenue/revenue-tracker';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { StorySection } from './story-section';

/** The public landing page: every section in order (docs/product.md#landing-page). */
export function LandingPage() {
  return (
    <div id="top">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <HeroSection />
        <RevenueTracker />
        <RevenueOverTime />
        <StorySection />
        <MilestoneTimeline />
        <ExperimentGrid />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}
