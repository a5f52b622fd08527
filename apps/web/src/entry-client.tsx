import './app/fonts.css';
import './app/mantine-styles';
import './app/global.css';
import { loadFonts } from './app/fonts';
import { paths } from './app/paths';
import { hydrateLanding } from './features/landing/hydrate-landing';
import { readSsrState } from './lib/ssr-state';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Inter is fetched after the first paint, which shows the text in its fallback (app/fonts.ts).
requestAnimationFrame(() => setTimeout(loadFonts));

const state = readSsrState();
if (state && location.pathname === paths.home) {
  // The page most visitors open first hydrates with the least code (hydrate-landing.tsx), once the
  // browser has painted the server's HTML: its first paint does not wait for the hydration's work.
  requestAnimationFrame(() => setTimeout(() => hydrateLanding(root, state)));
} else {
  void import('./app/start-app').then(({ startApp }) => startApp(root));
}
