/*
 * The landing page's sections below the hero hydrate when the reader heads for them
 * (docs/decisions/047-landing-page-weight.md): their code, with React Query, tRPC and most of Mantine,
 * is fetched when one of them comes into view, the page is first scrolled, or a reader reaches into one
 * with the pointer or the keyboard. Until then they are the server's HTML, inside `[data-deferred]`
 * regions (display: contents). React drops a click on HTML it has not hydrated yet, so what a reader
 * does there meanwhile is held and done again once the region has hydrated: clicks and submits are
 * replayed, and what was typed or ticked is handed to the hydrated fields as a change.
 */

const REGION = '[data-deferred]';

let needed: Promise<void> | undefined;
let requestLoad: () => void = () => undefined;
const hydrated = new Set<string>();
const held: { region: string; replay: () => void }[] = [];

const regionOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>(REGION) : null;

/** A region still showing the server's HTML: what happens in it waits for its hydration. */
function waitingRegion(target: EventTarget | null): string | null {
  const name = regionOf(target)?.dataset.deferred;
  return name && !hydrated.has(name) ? name : null;
}

function hold(event: Event, replay: () => void) {
  const region = waitingRegion(event.target);
  if (!region) return;
  event.preventDefault();
  event.stopPropagation();
  held.push({ region, replay });
  requestLoad();
}

function listenUntilHydrated() {
  const options = { capture: true, passive: true } as const;
  const load = () => requestLoad();
  addEventListener('scroll', load, { ...options, once: true });
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    addEventListener(type, (event) => waitingRegion(event.target) && load(), options);
  }
  // Form fields are left to the browser (focus, typing, ticking): `syncFields` hands their state over.
  addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      if (target.closest?.('input, textarea, select, label')) return;
      hold(event, () => (target as HTMLElement).click());
    },
    true,
  );
  addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      hold(event, () => form.requestSubmit());
    },
    true,
  );
}

/**
 * Resolves when the deferred sections are needed; at once where there is no server HTML to keep
 * (the server's own render, a page rendered in the browser).
 */
export function whenDeferredNeeded(): Promise<void> {
  if (needed) return needed;
  const regions = typeof document === 'undefined' ? [] : [...document.querySelectorAll(REGION)];
  if (!regions.some((region) => region.firstElementChild)) return (needed = Promise.resolve());
  needed = new Promise<void>((resolve) => {
    // A ratio above 0: the first section starts right at the bottom edge of the hero's viewport.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.intersectionRatio > 0)) requestLoad();
    });
    requestLoad = () => {
      observer.disconnect();
      requestLoad = () => undefined;
      resolve();
    };
    // A display: contents region has no box of its own: its children are watched.
    for (const region of regions) for (const child of region.children) observer.observe(child);
  });
  listenUntilHydrated();
  return needed;
}

/** Fetches the deferred sections now, if they wait: for a change that must not reach them unhydrated. */
export function loadDeferredNow() {
  requestLoad();
}

/** The value setter of the element's class, which React's change tracking does not see. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
}

/**
 * Hydration keeps what was typed or ticked before it, but the component's state does not know it:
 * React takes the rendered value as the field's default. Each field that differs is reset to that
 * default through React's own setter, then set back as the reader left it, with the event React
 * reads a change from.
 */
function syncFields(region: Element) {
  for (const field of region.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      const ticked = field.checked;
      field.checked = !ticked;
      field.click();
      if (field.checked !== ticked) field.checked = ticked;
    } else if (field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      setNativeValue(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Called by a deferred region once hydrated (an effect): hands it what the reader did meanwhile. */
export function deferredRegionHydrated(name: string) {
  if (hydrated.has(name)) return;
  hydrated.add(name);
  const region = typeof document === 'undefined' ? null : document.querySelector(`[data-deferred="${name}"]`);
  if (region) syncFields(region);
  const replays = held.filter((candidate) => candidate.region === name);
  for (const entry of replays) held.splice(held.indexOf(entry), 1);
  // The fields' changes are state updates that React renders once this effect has returned: a submit
  // replayed now would read the state from before them ("Email is required." beside a typed address).
  if (replays.length > 0) setTimeout(() => replays.forEach((entry) => entry.replay()));
}
