import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AUDIT_CSV_COLUMNS } from '@journey/contracts/constants';
import { providePrivateServer, type PrivateServer } from './private-server';
import { ADMIN, expect, test as base } from './fixtures';
import { onEachScreen } from './screens';
import { gotoHydrated } from './support';

/*
 * The Activity tab (docs/decisions/088-audit-trail.md): the owner's sign-in and writes, newest first,
 * filtered by action group, and the CSV with the same filters. A server of its own, so the trail holds
 * only what this test did (and the registration private-server.ts made).
 */

const test = base.extend<{ server: PrivateServer }>({
  server: [({ playwright }, use) => providePrivateServer(playwright, use), { timeout: 60_000 }],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

async function signIn(page: Page) {
  await gotoHydrated(page, '/auth');
  const panel = page.getByRole('tabpanel', { name: 'Login', exact: true });
  await panel.getByRole('textbox', { name: 'Username', exact: true }).pressSequentially(ADMIN.username);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially(ADMIN.password);
  await panel.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A write as the admin app makes it, from the page, in this browser's session. */
const postFromPage = (page: Page, url: string, body: object) =>
  page.evaluate(
    async ([url, body]) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    [url, body] as const,
  );

test('shows the sign-in and the writes newest first, filters them by group, and downloads them as CSV', async ({
  page,
  axe,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page);
  const milestone = {
    title: 'Audited first sale',
    description: 'A milestone written to see it in the activity.',
    date: '2025-01-15',
    day: 3,
    isRevenue: 0,
  };
  expect(await postFromPage(page, '/api/milestones', milestone)).toBe(201);
  expect(
    await postFromPage(page, '/api/milestones', { ...milestone, title: 'Audited second sale', day: 4 }),
  ).toBe(201);

  await gotoHydrated(page, '/admin?tab=activity');
  const panel = page.getByRole('tabpanel', { name: 'Activity', exact: true });
  const table = panel.getByRole('table', { name: 'Activity, newest first' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // Newest first: the two writes, then this browser's sign-in, all in this session.
  await expect(rows.nth(1)).toContainText('Milestone added');
  await expect(rows.nth(1)).toContainText('title Audited second sale');
  await expect(rows.nth(2)).toContainText('title Audited first sale');
  await expect(rows.nth(3)).toContainText('Signed in');
  for (const index of [1, 2, 3]) {
    await expect(rows.nth(index)).toContainText('This session');
    await expect(rows.nth(index)).toContainText(ADMIN.username);
  }
  await expect(rows.nth(1).locator('time')).toHaveAttribute(
    'title',
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
  );
  await axe();

  // Only the sign-ins.
  await panel.getByRole('combobox', { name: 'Actions', exact: true }).click();
  await page.getByRole('option', { name: 'Sign-ins', exact: true }).click();
  await expect(rows.filter({ hasText: 'Milestone added' })).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Signed in');

  // The CSV carries the filter on screen.
  const download = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download CSV', exact: true }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => /^\d+,[^,]+,(sign-in\.|sign-out|account\.)/.test(line))).toBe(true);

  // A filter nothing matches says so.
  await panel.getByRole('textbox', { name: 'Actor', exact: true }).pressSequentially('nobody');
  await expect(panel.getByText('Nothing matches these filters.', { exact: true })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Actor', exact: true }).clear();
  await expect(rows.nth(1)).toBeVisible();

  await onEachScreen(page, async (screen) => {
    await expect(rows.nth(1)).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`activity-${testInfo.project.name}-${screen}.png`),
      fullPage: true,
    });
    await axe();
  });
});
