import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { createBroadcast, expectStatus, subscribeConfirmed } from './records';

/*
 * The newsletter archive (docs/decisions/095-newsletter-archive.md) as a visitor reads it: the list, an
 * issue opened from it, both schemes accessible; and the owner's switch that takes an issue off the
 * web. On the admin specs' private server, whose broadcasts and subscribers are reset before each test.
 */

/** Sends a draft to the one confirmed reader; its archive slug. */
async function sendIssue(api: APIRequestContext, subject: string, body: string): Promise<string> {
  const draft = await createBroadcast(api, { subject, body });
  await expectStatus(await api.post(`/api/admin/broadcasts/${draft.id}/send`), 202);
  const sent = await api.get(`/api/admin/broadcasts/${draft.id}`);
  return ((await sent.json()) as { slug: string }).slug;
}

async function twoIssues(api: APIRequestContext) {
  await subscribeConfirmed(api, 'archive.reader@example.com');
  const older = await sendIssue(api, 'Week 1: the plan', 'Where it **starts**.');
  const newer = await sendIssue(
    api,
    'Week 2: first sale',
    '## What happened\n\nWe made **our first sale**, and [the tracker](/) shows it.\n\n- one\n- two',
  );
  return { older, newer };
}

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

test.describe('the newsletter archive', () => {
  test('lists the issues newest first, and opens one to read', async ({ page, api, axe }) => {
    const { newer } = await twoIssues(api);
    await hydrated(page, '/newsletter/archive');
    await expect(page.getByRole('heading', { level: 1, name: 'The archive' })).toBeVisible();
    const issues = page.getByRole('list', { name: 'Issues of the newsletter' }).getByRole('link');
    await expect(issues).toHaveText(['Week 2: first sale', 'Week 1: the plan']);
    await expect(page.getByRole('link', { name: 'Follow it as an RSS feed' })).toHaveAttribute(
      'href',
      '/newsletter/feed.xml',
    );
    await axe();

    await issues.first().click();
    await expect(page).toHaveURL(new RegExp(`/newsletter/${newer}$`));
    const article = page.getByRole('article', { name: 'Week 2: first sale' });
    await expect(article.getByRole('heading', { level: 2, name: 'What happened' })).toBeVisible();
    await expect(article.locator('strong')).toHaveText('our first sale');
    await expect(article.getByText(/^Sent /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscribe to the newsletter' })).toHaveAttribute(
      'href',
      '/#contact',
    );
    await axe();

    // Back to the list, through the page's own link.
    await page.getByRole('link', { name: 'All issues' }).click();
    await expect(page).toHaveURL(/\/newsletter\/archive$/);
    await expect(issues).toHaveCount(2);
  });

  test('reads the same in the dark scheme, with no accessibility violations', async ({ page, api, axe }) => {
    const { newer } = await twoIssues(api);
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of ['/newsletter/archive', `/newsletter/${newer}`]) {
      await hydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await axe();
    }
  });

  test.describe('an unknown issue', () => {
    // The document itself answers 404, which Chromium reports on the console; nothing else may.
    test.use({
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ],
    });

    test('its address is the not-found page', async ({ page }) => {
      const response = await page.goto('/newsletter/no-such-issue');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    });
  });

  test("the owner's switch takes an issue off the web and puts it back", async ({ adminPage: page, api }) => {
    const { older } = await twoIssues(api);
    await hydrated(page, '/admin?tab=newsletter');
    const panel = page.getByRole('tabpanel', { name: 'Newsletter', exact: true });
    const toggle = panel.getByRole('switch', { name: 'In the public archive: Week 1: the plan' });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    // The switch turns at once and is greyed out until the server has saved the change.
    await expect(toggle).toBeEnabled();
    expect((await page.request.get(`/newsletter/${older}`)).status()).toBe(404);
    const list = (await (await page.request.get('/api/newsletter/archive')).json()) as { slug: string }[];
    expect(list.map((issue) => issue.slug)).not.toContain(older);

    // The switch waits for the first change to be saved, as the owner sees it greyed out until then.
    await expect(toggle).toBeEnabled();
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    expect((await page.request.get(`/newsletter/${older}`)).status()).toBe(200);
  });
});
