/*
 * When the landing page's sections below the hero need their code (landing-page.tsx): one of them comes
 * into view, the page is first scrolled, or a reader reaches into them with the pointer or the keyboard.
 * Until then they stay the server's HTML, and the first load goes without their code, React Query and
 * tRPC; once it arrives, React hydrates them (docs/decisions/063-one-render-path-and-hydration.md).
 */

const REGION = '[data-deferred]';

let needed: Promise<void> | undefined;
let markNeeded: () => void = () => undefined;

/** Resolves when the sections are needed; at once where no server HTML waits (the server, the app). */
export function sectionsNeeded(): Promise<void> {
  if (needed) return needed;
  const regions = typeof document === 'undefined' ? [] : [...document.querySelectorAll(REGION)];
  if (!regions.some((region) => region.firstElementChild)) return (needed = Promise.resolve());
  needed = new Promise<void>((resolve) => {
    const options = { capture: true, passive: true } as const;
    const reachedInto = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(REGION)) markNeeded();
    };
    // A ratio above 0: the first section starts right at the bottom edge of the hero's viewport.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.intersectionRatio > 0)) markNeeded();
    });
    markNeeded = () => {
      markNeeded = () => undefined;
      observer.disconnect();
      removeEventListener('scroll', markNeeded, options);
      for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
        removeEventListener(type, reachedInto, options);
      resolve();
    };
    // A display: contents region has no box of its own: its children are watched.
    for (const region of regions) for (const child of region.children) observer.observe(child);
    addEventListener('scroll', markNeeded, options);
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
      addEventListener(type, reachedInto, options);
  });
  return needed;
}

/** Fetches the sections now, if they wait: for a change above them that must wait for them. */
export function needSectionsNow(): void {
  markNeeded();
}
