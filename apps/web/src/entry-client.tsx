import './app/fonts.css';
import './mantine-styles/entry';
import './app/global.css';
import type { SiteInfo } from '@journey/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadFonts } from './app/fonts';
import { landingAlone, Root } from './app/root';
import { readSsrState, ssrAnswer } from './lib/ssr-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Inter is fetched after the first paint, which shows the text in its fallback (app/fonts.ts).
requestAnimationFrame(() => setTimeout(loadFonts));

/**
 * Hydrates the tree the server rendered (app/root.tsx), once: every page but the landing page first
 * fetches the router's part and its own code-split page, so it hydrates in one pass
 * (docs/decisions/063-one-render-path-and-hydration.md). Without server HTML (the shell sent when
 * rendering failed) the browser renders the app itself.
 */
async function start(element: HTMLElement) {
  const state = readSsrState();
  const url = location.pathname + location.search;
  const site = state ? ssrAnswer<SiteInfo>(state, ['settings', 'site']) : undefined;
  let app;
  if (!landingAlone(url, site)) {
    const routed = await import('./app/routed-app');
    if (state) await routed.loadPageAt(location.pathname);
    app = routed.RoutedApp;
  }
  const tree = (
    <StrictMode>
      <Root url={url} site={site} origin={state?.origin} app={app} />
    </StrictMode>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking the
  // main thread for the whole tree; a click still hydrates its part first.
  if (state) startTransition(() => void hydrateRoot(element, tree));
  else createRoot(element).render(tree);
}

// After the first paint, in a task of its own: the entry module's evaluation and the hydration are two
// shorter tasks instead of one long one (bench/results.md, Lighthouse TBT).
requestAnimationFrame(() => setTimeout(() => void start(root)));
