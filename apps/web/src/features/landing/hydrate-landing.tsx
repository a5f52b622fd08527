import type { SiteInfo } from '@journey/contracts';
import { StrictMode, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydrationMarker } from '../../app/hydration-marker';
import { SiteProvider } from '../../app/site-context';
import { ThemeProvider } from '../../app/theme-provider';
import { ssrAnswer, type SsrState } from '../../lib/ssr-state';
import { LandingPage } from './landing-page';

/**
 * The landing page's first load hydrates it without the router, the query cache or tRPC
 * (docs/decisions/047-landing-page-weight.md): the same markup as the app renders it on the server
 * (app.tsx, providers.tsx), its settings read from the server's answers. Links to other pages load
 * them as documents; the sections below the hero bring the rest when needed (landing-sections.tsx).
 */
export function hydrateLanding(root: HTMLElement, state: SsrState) {
  hydrateRoot(
    root,
    <StrictMode>
      <SiteProvider site={ssrAnswer<SiteInfo>(state, ['settings', 'site'])} origin={state.origin}>
        <ThemeProvider>
          <Suspense fallback={null}>
            <LandingPage />
            <HydrationMarker />
          </Suspense>
        </ThemeProvider>
      </SiteProvider>
    </StrictMode>,
  );
}
