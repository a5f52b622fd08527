import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectScrolledTo, gotoHydrated, HEADER_HEIGHT, HEADLINE, section } from './support';

declare global {
  interface Window {
    __scrollPositions?: number[];
  }
}

const SECTION_LINKS = [
  ['Journey', '#journey'],
  ['Milestones', '#milestones'],
  ['AI Lab', '#lab'],
  ['Contact', '#contact'],
  ['Connect', '#contact'],
] as const;

/** Records every scroll position from now on, to tell a smooth scroll from a jump. */
async function recordScrolling(page: Page) {
  await page.evaluate(() => {
    window.__scrollPositions = [];
    window.addEventListener('scroll', () => window.__scrollPositions?.push(window.scrollY));
  });
  return () => page.evaluate(() => window.__scrollPositions ?? []);
}

const rootStyle = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return { scrollBehavior: style.scrollBehavior, scrollPaddingTop: style.scrollPaddingTop };
  });

/**
 * On a fresh `/`: checks the page scrolls with `scrollBehavior` below the header, clicks the hero's View
 * Tracker and waits until the tracker has landed; returns the scroll positions the page went through.
 */
async function viewTracker(page: Page, scrollBehavior: 'smooth' | 'auto') {
  await page.goto('/');
  expect(await rootStyle(page)).toEqual({ scrollBehavior, scrollPaddingTop: `${HEADER_HEIGHT + 16}px` });
  const positions = await recordScrolling(page);
  await section(page, HEADLINE).getByRole('link', { name: 'View Tracker', exact: true }).click();
  await expectScrolledTo(page, page.locator('#tracker'));
  return positions();
}

test.describe('in-page links', () => {
  test('View Tracker scrolls smoothly to the tracker, which lands just below the sticky header', async ({
    page,
  }) => {
    const positions = await viewTracker(page, 'smooth');
    await expect(page).toHaveURL(/#tracker$/);
    const header = (await page.getByRole('banner').boundingBox())!;
    const tracker = (await page.locator('#tracker').boundingBox())!;
    expect(tracker.y, 'the header does not cover the tracker').toBeGreaterThanOrEqual(
      header.y + header.height,
    );
    expect(
      new Set(positions).size,
      'the page passed through several positions (a smooth scroll, not a jump)',
    ).toBeGreaterThan(2);
  });

  test('Begin The Journey and the scroll hint land on their sections', async ({ page }) => {
    await page.goto('/');
    const hero = section(page, HEADLINE);

    await hero.getByRole('link', { name: 'Begin The Journey', exact: true }).click();
    await expectScrolledTo(page, page.locator('#journey'));
    await expect(page).toHaveURL(/#journey$/);

    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const hint = hero.getByRole('link', { name: 'Scroll to explore', exact: true });
    const target = (await hint.getAttribute('href'))!;
    await hint.click();
    await expectScrolledTo(page, page.locator(target));
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('View Tracker jumps to the tracker (no smooth scrolling), below the header', async ({ page }) => {
      const positions = await viewTracker(page, 'auto');
      expect(new Set(positions).size, 'one jump').toBe(1);
    });
  });
});

test.describe('header navigation on a wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('each link lands on its section', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });

    for (const [label, href] of SECTION_LINKS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectScrolledTo(page, page.locator(href));
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    }

    await page.getByRole('banner').getByRole('link', { name: 'Solo Unicorn', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: 'the brand goes to the top' })
      .toBe(0);
  });

  test('Admin opens /auth', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
  });
});

test.describe('menu on a small screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const openMenu = async (page: Page) => {
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    return { button, menu };
  };

  test('opens full screen with every link, and the close button closes it', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    const { menu } = await openMenu(page);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect
      .poll(
        async () => {
          const box = await menu.boundingBox();
          return box && [box.x, box.y, box.width, box.height].map(Math.round);
        },
        { message: 'the menu covers the whole screen' },
      )
      .toEqual([0, 0, 390, 844]);

    const nav = menu.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of SECTION_LINKS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/auth');
    await axe();

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and gives the focus back to the menu button', async ({ page }) => {
    // A menu opened before the page hydrated is taken over mid-way and loses where the focus goes back to.
    await gotoHydrated(page, '/');
    const { button, menu } = await openMenu(page);
    // The drawer takes Escape once its focus trap holds the focus, as a reader sees it settle in.
    await expect(menu.locator(':focus')).toHaveCount(1);

    await page.keyboard.press('Escape');

    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('keeps the focus inside while open', async ({ page }) => {
    await page.goto('/');
    const { menu } = await openMenu(page);
    const focusables = 7; // six links and the close button

    await expect(menu.locator(':focus')).toHaveCount(1);
    const seen = new Set<string>();
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab');
      const focused = menu.locator(':focus');
      await expect(focused, `Tab ${i + 1} stays in the menu`).toHaveCount(1);
      seen.add((await focused.getAttribute('aria-label')) ?? (await focused.innerText()));
    }
    expect(seen.size, 'Tab cycles through every control of the menu').toBe(focusables);
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Shift+Tab');
      await expect(menu.locator(':focus'), `Shift+Tab ${i + 1} stays in the menu`).toHaveCount(1);
    }
  });

  test('each menu link closes the menu, then lands on its section', async ({ page }) => {
    await page.goto('/');

    for (const [label, href] of SECTION_LINKS) {
      const { menu } = await openMenu(page);
      await menu.getByRole('link', { name: label, exact: true }).click();

      await expect(menu, `${label} closes the menu`).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expectScrolledTo(page, page.locator(href));
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    }
  });

  test('Admin in the menu opens /auth', async ({ page }) => {
    await page.goto('/');
    const { menu } = await openMenu(page);

    await menu.getByRole('link', { name: 'Admin', exact: true }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });
});
