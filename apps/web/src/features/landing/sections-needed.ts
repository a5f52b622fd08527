/*
 * When the landing page's sections below the hero need their code (landing-page.tsx): one of them comes
 * into view, the page is first scrolled, or a reader reaches into them with the pointer or the keyboard.
 * Until then they stay the server's HTML, and the first load goes without their code, React Query and
 * tRPC; once it arrives, React hydrates them (docs/decisions/063-one-render-path-and-hydration.md).
 *
 * React drops a click on a Suspense boundary whose code has not arrived (it replays only what lands
 * once the code is there), so a click in a waiting section is held and done again once the sections
 * have hydrated. Typing and ticking are left to the browser, and a submit to React's own form replay
 * (features/subscribers/newsletter-form.tsx).
 */

const REGION = '[data-deferred]';

let needed: Promise<void> | undefined;
let markNeeded: () => void = () => undefined;
let hydrated = false;
const held: HTMLElement[] = [];

const inWaitingRegion = (target: EventTarget | null): target is Element =>
  !hydrated && target instanceof Element && target.closest(REGION) !== null;

function holdClick(event: MouseEvent) {
  const target = event.target;
  if (!inWaitingRegion(target) || target.closest('input, textarea, select, label')) return;
  // A press on a button's icon lands on an SVG element, which has no click() to replay: the button does.
  const pressed = target.closest('a, button, summary, [role="button"]') ?? target;
  if (!(pressed instanceof HTMLElement)) return markNeeded();
  event.preventDefault();
  event.stopPropagation();
  held.push(pressed);
  markNeeded();
}

/** Resolves when the sections are needed; at once where no server HTML waits (the server, the app). */
export function sectionsNeeded(): Promise<void> {
  if (needed) return needed;
  const regions = typeof document === 'undefined' ? [] : [...document.querySelectorAll(REGION)];
  if (!regions.some((region) => region.firstElementChild)) return (needed = Promise.resolve());
  needed = new Promise<void>((resolve) => {
    const options = { capture: true, passive: true } as const;
    const reachedInto = (event: Event) => inWaitingRegion(event.target) && markNeeded();
    // A ratio above 0: the first section starts right at the bottom edge of the hero's viewport.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.intersectionRatio > 0)) markNeeded();
    });
    markNeeded = () => {
      markNeeded = () => undefined;
      observer.disconnect();
      resolve();
    };
    // A display: contents region has no box of its own: its children are watched.
    for (const region of regions) for (const child of region.children) observer.observe(child);
    addEventListener('scroll', () => markNeeded(), { ...options, once: true });
    for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
      addEventListener(type, reachedInto, options);
    addEventListener('click', holdClick, true);
  });
  return needed;
}

/** Fetches the sections now, if they wait: for a change above them that must wait for them. */
export function needSectionsNow(): void {
  markNeeded();
}

/** Called once the sections have hydrated (an effect): does the clicks held meanwhile. */
export function sectionsHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const target of held.splice(0)) target.click();
}
