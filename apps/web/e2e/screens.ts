import type { Page } from '@playwright/test';

/** The screens a page is looked at on: a desktop's and a phone's, each in the light and the dark scheme. */
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/**
 * Runs `look` on each screen (named `desktop-light`, `phone-dark`…), then puts the page back to the
 * light scheme at the viewport it had.
 */
export async function onEachScreen(page: Page, look: (screen: string) => Promise<void>) {
  const viewport = page.viewportSize();
  for (const [size, dimensions] of SIZES) {
    await page.setViewportSize(dimensions);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await look(`${size}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (viewport) await page.setViewportSize(viewport);
}
