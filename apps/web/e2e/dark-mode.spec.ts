import { createHash } from 'node:crypto';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, gotoBeforeHydration, test } from './fixtures';
import { createRevenue, deleteRevenue, HEADLINE } from './support';

/** Mantine's colour-scheme manager's key (what index.html's script reads before the first paint). */
const STORAGE_KEY = 'mantine-color-scheme-value';

/**
 * Records every value <html data-mantine-color-scheme> takes from the very start of each document, so a
 * test can tell whether the page ever showed another scheme, if only for one frame.
 */
async function recordSchemes(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { schemesSeen: string[] }).schemesSeen = seen;
    new MutationObserver(() => {
      const scheme = document.documentElement.getAttribute('data-mantine-color-scheme');
      if (scheme && seen.at(-1) !== scheme) seen.push(scheme);
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-mantine-color-scheme'] });
  });
}

const schemesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { schemesSeen: string[] }).schemesSeen);

const html = (page: Page) => page.locator('html');

/** The page's background colour as `rgb(r, g, b)`. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

// Mantine's body colours: dark.7 in the dark scheme, white in the light one.
const DARK_BODY = 'rgb(36, 36, 36)';
const LIGHT_BODY = 'rgb(255, 255, 255)';

/**
 * Loads `/` with the app's scripts emptied, in a page of its own: what shows is what the first paint
 * shows, before React runs. Checks it is dark and never showed light, and attaches a screenshot named
 * `name`. The page is closed with its routes still in place: a chunk the page fetched later would
 * otherwise find the emptied runtime in the document's module map and throw.
 */
async function expectDarkFirstPaint(context: BrowserContext, testInfo: TestInfo, name: string) {
  const probe = await context.newPage();
  try {
    await recordSchemes(probe);
    await probe.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await gotoBeforeHydration(probe, '/');
    await expect(probe.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(html(probe)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await bodyBackground(probe)).toBe(DARK_BODY);
    expect(await schemesSeen(probe), 'every scheme the first paint showed').toEqual(['dark']);
    await testInfo.attach(name, { body: await probe.screenshot(), contentType: 'image/png' });
  } finally {
    await probe.close();
  }
}

/** Loads `path` until hydrated and checks it shows the dark scheme, with the toggle pressed. */
async function gotoDark(page: Page, path: string) {
  await page.goto(path);
  await expect(html(page)).toHaveAttribute('data-hydrated', '');
  await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
}

test.describe('dark mode', () => {
  test.describe('on a system set to dark', () => {
    test.use({ colorScheme: 'dark' });

    test('the first paint is already dark, before any script of the app runs', async ({
      context,
    }, testInfo) => {
      await expectDarkFirstPaint(context, testInfo, 'first paint, system dark, scripts emptied');
    });

    test('/ has no serious or critical axe violation in the dark scheme', async ({ page, axe }) => {
      await gotoDark(page, '/');
      await axe();
    });

    test('the revenue chart, its tooltip and its table pass axe in the dark scheme', async ({
      page,
      adminRequest,
      axe,
    }) => {
      const entry = await createRevenue(adminRequest, {
        amount: '2500.00',
        source: 'consulting',
        description: 'e2e dark mode chart',
        date: '2022-06-01',
      });
      try {
        await page.goto('/');
        await expect(html(page)).toHaveAttribute('data-hydrated', '');
        const section = page.locator('#revenue-over-time');
        await section.scrollIntoViewIfNeeded();
        const surface = section.locator('svg.recharts-surface').first();
        await expect(surface).toBeVisible();
        await surface.hover();
        await axe();
        await section.getByRole('button', { name: 'Show as table' }).click();
        await expect(section.getByRole('table')).toBeVisible();
        await axe();
      } finally {
        await deleteRevenue(adminRequest, entry.id);
      }
    });

    test('the sign-in page is dark and passes axe', async ({ page, axe }) => {
      await gotoDark(page, '/auth');
      await axe();
    });

    test('the admin panel is dark and passes axe', async ({ admin, axe }) => {
      await gotoDark(admin.page, '/admin');
      await expect(admin.page.getByRole('table').first()).toBeVisible();
      await axe();
    });
  });

  test('the toggle switches the scheme, remembers it across reloads with no flash, and can follow the system again', async ({
    page,
  }, testInfo) => {
    await recordSchemes(page);
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-hydrated', '');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await bodyBackground(page)).toBe(LIGHT_BODY);

    const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await bodyBackground(page)).toBe(DARK_BODY);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('dark');

    // Reloaded with the app's scripts emptied: the remembered choice is painted by index.html's script alone.
    await expectDarkFirstPaint(page.context(), testInfo, 'first paint after choosing dark on a light system');

    // A full reload: still dark, and it never showed light on the way.
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-hydrated', '');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await schemesSeen(page)).toEqual(['dark']);

    // Back to light, the system's scheme: the page follows the system again.
    await toggle.click();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('auto');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-hydrated', '');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('a light choice on a dark system is remembered too', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordSchemes(page);
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-hydrated', '');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe('light');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-hydrated', '');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await schemesSeen(page)).toEqual(['light']);
  });

  test('the page runs no inline script but its own three, allowed by their hashes', async ({ request }) => {
    const response = await request.get('/');
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scriptSources[0]).toBe("'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The colour-scheme script, React's own that holds a form's submit until it hydrates
    // (docs/decisions/063-one-render-path-and-hydration.md), and the one that starts the app after the
    // first paint (vite.config.ts).
    const inline = [...(await response.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body = '']) => body,
    );
    expect(inline).toHaveLength(3);
    expect(inline[0]).toContain('data-mantine-color-scheme');
    expect(inline[1]).toContain('$$reactFormReplay');
    expect(inline[2]).toContain('first-contentful-paint');
    const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(scriptSources.slice(1).sort()).toEqual(hashes.sort());
  });
});
