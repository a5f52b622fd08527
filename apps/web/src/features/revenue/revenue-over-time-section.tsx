import { lazy, memo, Suspense, type ComponentType } from 'react';
// In the entry: the server-rendered table is styled before the section's code arrives.
import classes from './revenue-over-time.module.css';

export const SECTION_ID = 'revenue-over-time';

/** Resolves when the section comes within 200 px of the viewport (at once on the server). */
function nearView(): Promise<void> {
  const section = typeof document === 'undefined' ? null : document.getElementById(SECTION_ID);
  if (!section || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(section);
  });
}

const loadSection = () => import('./revenue-over-time').then((module) => module.default);
let loaded: ComponentType | undefined;

/** The server loads the section before rendering `/`, so its HTML holds the section, not the fallback. */
export async function preloadRevenueOverTime(): Promise<void> {
  loaded = await loadSection();
}

/*
 * The section's code, recharts and the chart CSS load only when the reader nears it. Until then the
 * server's HTML (heading, range switch, the figures as a table) stays as it is: React keeps a suspended
 * boundary's server markup while hydrating the rest of the page. Once loaded (always, on the server),
 * the thenable resolves synchronously: a lazy component that suspends inside a boundary would be
 * rendered by the server as its fallback followed by a script, which the CSP does not run.
 */
const RevenueOverTime = lazy(() => {
  const ready = loaded;
  if (ready) {
    const resolved = {
      then: (done: (module: { default: ComponentType }) => void) => done({ default: ready }),
    };
    return resolved as unknown as Promise<{ default: ComponentType }>;
  }
  return nearView()
    .then(loadSection)
    .then((component) => ({ default: component }));
});

/** Memoised without props, so no update reaches the boundary before it hydrates (that would re-render it). */
export const RevenueOverTimeSection = memo(function RevenueOverTimeSection() {
  return (
    <Suspense fallback={<section id={SECTION_ID} className={classes.pending} />}>
      <RevenueOverTime />
    </Suspense>
  );
});
