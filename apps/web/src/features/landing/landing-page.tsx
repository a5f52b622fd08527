import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type * as Sections from './landing-sections';
import { HeroSection } from './hero-section';
import { sectionsNeeded } from './sections-needed';
import './section-styles';
import { SiteHeader } from './site-header';

/** A part of landing-sections.tsx, fetched when needed (on the server, at once). */
function deferred(pick: (module: typeof Sections) => ComponentType) {
  return lazy(() =>
    sectionsNeeded()
      .then(() => import('./landing-sections'))
      .then((module) => ({ default: pick(module) })),
  );
}

const LandingSections = deferred((module) => module.LandingSections);
const LandingFooter = deferred((module) => module.LandingFooter);

/** A deferred part, named by `data-deferred`: its server HTML stays until its code is there to hydrate it. */
function DeferredRegion(props: { name: string; children: ReactNode }) {
  return (
    <div data-deferred={props.name} className="deferred-region">
      <Suspense fallback={null}>{props.children}</Suspense>
    </div>
  );
}

/**
 * The public landing page: every section in order (docs/product.md#landing-page). The header and the
 * hero hydrate with the page; the rest, in Suspense boundaries, once their code is fetched when needed
 * (sections-needed.ts): React keeps their server HTML meanwhile and hydrates them then.
 */
export function LandingPage() {
  return (
    <div id="top">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <HeroSection />
        <DeferredRegion name="sections">
          <LandingSections />
        </DeferredRegion>
      </main>
      <DeferredRegion name="footer">
        <LandingFooter />
      </DeferredRegion>
    </div>
  );
}
