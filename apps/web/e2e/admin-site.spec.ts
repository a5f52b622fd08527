import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { getSettings } from './records';
import { holdRequests, toasts } from './support';

/*
 * The admin's Site tab: every setting in one form, Markdown with a live preview rendered as the
 * server renders it, the schema's messages under the fields, and a save the public site shows at once.
 */

const SAVE_CALL = /\/api\/trpc\/[^?]*settings\.update/;

async function openSiteTab(page: Page) {
  await page.goto('/admin?tab=site');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const panel = page.getByRole('tabpanel', { name: 'Site', exact: true });
  await expect(panel.getByRole('textbox', { name: 'Site name' })).toBeVisible();
  return panel;
}

/** Empties a field and types `text` key by key, as the owner would. */
async function retype(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

const preview = (panel: Locator, label: string) => panel.getByRole('region', { name: `Preview of ${label}` });

test.describe('the Site tab', () => {
  test('edits the name, a link and the story with a live preview, saves, and the landing page shows it', async ({
    adminPage: page,
    api,
  }) => {
    const panel = await openSiteTab(page);
    await expect(panel.getByRole('textbox', { name: 'Site name' })).toHaveValue('Solo Unicorn');

    await retype(panel.getByRole('textbox', { name: 'Site name' }), 'Ada Builds');
    await retype(panel.getByRole('textbox', { name: 'Twitter' }), 'https://x.com/ada');
    const story = panel.getByRole('textbox', { name: 'Story' });
    await retype(story, '## Day one\n\nI shipped **it**.');
    await expect(preview(panel, 'Story').getByRole('heading', { name: 'Day one', level: 2 })).toBeVisible();
    await expect(preview(panel, 'Story').locator('strong')).toHaveText('it');

    const held = await holdRequests(page, SAVE_CALL);
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await held.requested;
    await expect(panel.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    held.release();
    await expect(toasts(page).filter({ hasText: 'Settings saved' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Save settings' })).toBeEnabled();

    const saved = await getSettings(api);
    expect(saved.siteName).toBe('Ada Builds');
    expect(saved.links.twitter).toBe('https://x.com/ada');
    expect(saved.story).toBe('## Day one\n\nI shipped **it**.');

    await page.goto('/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Ada Builds', exact: true }),
    ).toBeVisible();
    await expect(page.locator('#journey')).toContainText('I shipped it.');
  });

  test('shows the messages under the fields and saves nothing while a value is wrong', async ({
    adminPage: page,
    api,
  }) => {
    const before = await getSettings(api);
    const panel = await openSiteTab(page);
    await retype(panel.getByRole('textbox', { name: 'Site name' }), 'A');
    await retype(panel.getByRole('textbox', { name: 'GitHub' }), 'javascript:alert(1)');
    await retype(panel.getByRole('textbox', { name: 'Contact email' }), 'nope');
    await panel.getByRole('button', { name: 'Save settings' }).click();

    await expect(panel.getByRole('textbox', { name: 'Site name' })).toHaveAccessibleDescription(
      /Site name must be at least 2 characters\./,
    );
    await expect(panel.getByText('GitHub must be an https:// address, or empty.')).toBeVisible();
    await expect(panel.getByText('Contact email must be a valid email address, or empty.')).toBeVisible();
    expect(await getSettings(api)).toEqual(before);
  });

  test('links to every public page it changes', async ({ adminPage: page }) => {
    const panel = await openSiteTab(page);
    const nav = panel.getByRole('navigation', { name: 'View the public pages' });
    for (const [name, href] of [
      ['Landing page', '/'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
    ] as const) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`is usable by keyboard and axe-clean in the ${scheme} scheme`, async ({ adminPage: page, axe }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const panel = await openSiteTab(page);
      const name = panel.getByRole('textbox', { name: 'Site name' });
      await name.focus();
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('textbox', { name: 'Product name' })).toBeFocused();
      await page.screenshot({ path: test.info().outputPath(`site-tab-${scheme}.png`), fullPage: false });
      await axe();
    });
  }
});

// docs/decisions/060-admin-onboarding-and-honest-dates.md: the Markdown's table cells keep whole
// words (a long address may still break where it would overflow), in the preview and on the page.
test('the cookie table keeps `journey_session` on one line, in the preview and on /cookies', async ({
  adminPage: page,
}) => {
  const lines = (scope: Locator) =>
    scope
      .locator('code', { hasText: /^journey_session$/ })
      .first()
      .evaluate((code) => code.getClientRects().length);
  const panel = await openSiteTab(page);
  const cookies = preview(panel, 'Cookie Policy');
  await cookies.scrollIntoViewIfNeeded();
  expect(await lines(cookies), 'in the Site tab preview').toBe(1);
  await page.goto('/cookies');
  expect(await lines(page.getByRole('main')), 'on the public page').toBe(1);
});
