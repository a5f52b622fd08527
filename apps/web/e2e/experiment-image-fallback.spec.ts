import type { Page } from '@playwright/test';
import { DEFAULT_EXPERIMENT_IMAGE_URL } from '@journey/contracts/constants';
import { expect, test } from './admin-server';
import { createExperiment, gotoHydrated } from './support';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: an experiment image that fails to load
// shows the gradient placeholder, never the browser's broken-image icon, whether it failed before
// or after the AI Arena hydrated.

const BROKEN = {
  title: 'Broken picture',
  description: 'An experiment whose image is gone',
  status: 'Active' as const,
  projectCount: 1,
  imageUrl: '/images/experiments/gone.png',
};

// The missing image's 404 is what this spec is about.
test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/] });

const imageOf = (page: Page) => page.getByRole('article').filter({ hasText: BROKEN.title }).locator('img');

/** What the image shows: its address and whether it drew anything. */
const shown = (page: Page) =>
  imageOf(page).evaluate((img: HTMLImageElement) => ({
    src: new URL(img.currentSrc || img.src).pathname,
    drawn: img.complete && img.naturalWidth > 0,
  }));

test('a broken image shows the placeholder once the section has hydrated', async ({ page, api }) => {
  await createExperiment(api, BROKEN);
  await gotoHydrated(page, '/');
  await imageOf(page).scrollIntoViewIfNeeded();
  await expect.poll(() => shown(page)).toEqual({ src: DEFAULT_EXPERIMENT_IMAGE_URL, drawn: true });
});

test('an image that failed in the server HTML, before hydration, falls back too', async ({ page, api }) => {
  await createExperiment(api, BROKEN);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  // Not the fixture's goto, which waits for hydration: the scripts are held.
  await page.goto('/', { waitUntil: 'commit' });
  await imageOf(page).scrollIntoViewIfNeeded();
  await expect
    .poll(() => imageOf(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
    .toBe(true);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect
    .poll(() => shown(page), { timeout: 15_000 })
    .toEqual({ src: DEFAULT_EXPERIMENT_IMAGE_URL, drawn: true });
});
