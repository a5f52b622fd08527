import { expect, type Locator, type Page } from '@playwright/test';
import { money, percentOfTarget } from './money';

export * from './colors';
export * from './money';
export * from './records';

/** The product name the e2e servers run with (SITE_PRODUCT_NAME). */
export const PRODUCT = 'Unicorn';

export const HEADLINE = `This is the moment I decided to become the first solo AI-powered ${PRODUCT}.`;
export const SUBTEXT = 'Using artificial intelligence to level the playing field and build an empire of one.';

/** The sticky header's height and the scroll padding under it (global.css). */
export const HEADER_HEIGHT = 64;
export const SCROLL_OFFSET = HEADER_HEIGHT + 16;

/** Something unique to this test run and project, for records the test creates. */
export function uniqueTag(projectName: string): string {
  return `${projectName}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** The toasts on screen: Mantine notifications (role alert) inside their containers. */
export const toasts = (page: Page): Locator => page.locator('.mantine-Notifications-root').getByRole('alert');

/** Waits for the toast titled `title`, with `text` in it when given, and returns it. */
export async function expectToast(page: Page, title: string, text?: string): Promise<Locator> {
  const toast = toasts(page).filter({ hasText: title });
  // A toast replaced by one with the same title stays in the page while it fades out (components/notify.ts).
  await expect(toast).toHaveCount(1);
  await expect(toast).toBeVisible();
  if (text !== undefined) await expect(toast).toContainText(text);
  return toast;
}

/** The section whose heading is `name` (each landmark section is labelled by its h2). */
export const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The landing page's revenue tracker. */
export const tracker = (page: Page): Locator => section(page, `${PRODUCT} Build Tracker`);

/** Opens `path` and waits for React to hydrate it: a field filled before then would be reset. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  return response;
}

export const NEWSLETTER_CONSENT =
  'I agree to receive updates about the journey by email. Unsubscribe any time.';

/** Signs `email` up on the landing page, typing it as a visitor does, and waits for the thanks. */
export async function signUpOnLanding(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/#contact');
  const contact = section(page, 'Join The Journey');
  await contact.getByRole('textbox', { name: 'Email address', exact: true }).pressSequentially(email);
  await contact.getByRole('checkbox', { name: NEWSLETTER_CONSENT, exact: true }).check();
  await contact.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(contact.getByRole('status')).toContainText('Please check your inbox to confirm your address.');
}

/** The tracker's counting number as seen (aria-hidden; screen readers get the final value). */
export const visibleAmount = (page: Page): Locator => page.locator('#tracker span[aria-hidden="true"]');

/** The tracker's amount as screen readers get it: always the final value. */
export const finalAmount = (page: Page): Locator => page.locator('#tracker .visually-hidden');

/**
 * Checks the tracker's progress shows `total`: the amount, its share of the target in words and the
 * progress bar's value.
 */
export async function expectProgress(page: Page, total: string) {
  await expect(finalAmount(page)).toHaveText(money(total));
  await expect(
    tracker(page).getByText(`of $1,000,000,000 · ${percentOfTarget(total)} of the way`, { exact: true }),
  ).toBeVisible();
  const bar = tracker(page).getByRole('progressbar', { name: 'Progress toward $1,000,000,000', exact: true });
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
    .toBeCloseTo(Math.min(1, Number(total) / 1_000_000_000) * 100, 10);
}

/**
 * A form inside `scope` (a tab panel, a dialog): its text boxes by key, found by their exact labels,
 * and its submit button.
 */
export function formIn<K extends string>(scope: Locator, labels: Record<K, string>, submit: string) {
  const boxes = Object.fromEntries(
    Object.entries<string>(labels).map(([key, name]) => [
      key,
      scope.getByRole('textbox', { name, exact: true }),
    ]),
  ) as Record<K, Locator>;
  return { ...boxes, submit: scope.getByRole('button', { name: submit, exact: true }) };
}

/** The URLs of the requests the page makes from now on that `pattern` matches. */
export function requestsTo(page: Page, pattern: RegExp): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * A gate for a network call: the call waits until `release()`; `requested` resolves once the
 * browser made it. Lets a test see the pending state ('Saving...') without racing the server.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(url, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Clicks `submit`, holding the call `url` matches to see `pending` (the button's busy label) disabled,
 * then lets the call through.
 */
export async function submitAndSeePending(submit: Locator, url: string | RegExp, pending: Locator) {
  const gate = await holdRequests(submit.page(), url);
  await submit.click();
  await gate.requested;
  await expect(pending).toBeDisabled();
  gate.release();
}

/**
 * Waits until `dialog` has faded in (it and its ancestors fully opaque) and no transition runs on
 * the page any more (the overlay), so axe sees the final colours. The fade starts a frame after
 * the dialog appears: the absence of running animations alone would not do.
 */
export async function stillness(dialog: Locator) {
  await expect
    .poll(
      () =>
        dialog.evaluate((element) => {
          let opacity = 1;
          for (let node: Element | null = element; node; node = node.parentElement) {
            opacity *= Number(getComputedStyle(node).opacity);
          }
          return opacity;
        }),
      { message: 'the dialog has faded in', intervals: [50] },
    )
    .toBe(1);
  await dialog
    .page()
    .waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
}

/**
 * Waits until scrolling has settled with the element's top just below the sticky header (the
 * scroll padding), or, for a section too close to the end of the page, with the page scrolled
 * to the bottom and the section in view.
 */
export async function expectScrolledTo(page: Page, target: Locator): Promise<void> {
  const measure = () =>
    target.evaluate((element) => ({
      top: Math.round(element.getBoundingClientRect().top * 10) / 10,
      scrollY: window.scrollY,
      atBottom: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    }));
  const landed = (position: Awaited<ReturnType<typeof measure>>) =>
    Math.abs(position.top - SCROLL_OFFSET) <= 1 ||
    (position.atBottom && position.top >= HEADER_HEIGHT && position.top < page.viewportSize()!.height / 2);

  let previous: Awaited<ReturnType<typeof measure>> | undefined;
  await expect
    .poll(
      async () => {
        const now = await measure();
        const settled = previous?.scrollY === now.scrollY && landed(now);
        previous = now;
        return settled ? 'landed' : now;
      },
      {
        message: `the section lands ${SCROLL_OFFSET}px from the top, just below the sticky header`,
        intervals: [100],
        timeout: 10_000,
      },
    )
    .toBe('landed');
}
