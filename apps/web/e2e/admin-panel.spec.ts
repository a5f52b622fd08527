import { expect, test } from './admin-server';
import { failWith500, SAVE_FAILURE_LOGS, tracker } from './admin-dialogs';
import { ADMIN_TABS, openAdminTab, tabOf, type AdminTabKey } from './admin-tabs';
import { ADMIN } from './fixtures';
import {
  badgeColors,
  contrastRatio,
  createMilestone,
  createRevenue,
  PRODUCT,
  SEEDED_EXPERIMENTS,
  stillness,
  subscribe,
  toasts,
} from './support';

// What every tab shares; each record type's own tests are in admin-<type>.spec.ts. Every test here
// starts on a database as a fresh install has it (admin-server.ts): no revenue, milestones or
// subscribers, and the five seeded experiments.

/** Revenue entries whose every column sorts differently. */
const THREE_ENTRIES = [
  { amount: '300', source: 'ai', description: 'Alpha app', date: '2024-01-10' },
  { amount: '1000', source: 'passive', description: 'Bravo ebook', date: '2024-03-05' },
  { amount: '50.25', source: 'consulting', description: 'Charlie call', date: '2024-02-20' },
] as const;

test.describe('admin panel', () => {
  test('the header welcomes the admin and the Data Management card opens on Milestones', async ({
    adminPage: page,
    axe,
  }) => {
    await page.goto('/admin');

    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel', exact: true })).toBeVisible();
    await expect(page.getByText(`Welcome, ${ADMIN.username}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    // Home: the logo and 'View site', at every size.
    await expect(page.getByRole('link', { name: `Solo ${PRODUCT} home`, exact: true })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('link', { name: 'View site', exact: true })).toHaveAttribute('href', '/');

    await expect(page.getByRole('heading', { level: 2, name: 'Data Management', exact: true })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Milestones',
      'Revenue',
      'Costs',
      'Connections',
      'Webhooks',
      'Experiments',
      'Subscribers',
      'Newsletter',
      'Embed',
      'Site',
      'Account',
      'Activity',
    ]);
    const milestones = tabOf(page, 'milestones');
    await expect(milestones.tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
    await expect(page).toHaveURL(/\/admin$/);

    // An empty table: its text, no rows, one page.
    await expect(milestones.rowCount).toHaveText('0 rows');
    await expect(
      milestones.panel.getByText('No milestones yet. Add the first one.', { exact: true }),
    ).toBeVisible();
    await expect(milestones.pageOf).toHaveText('Page 1 of 1');
    await expect(milestones.previous).toBeDisabled();
    await expect(milestones.next).toBeDisabled();

    await axe();
  });

  for (const name of ['View site', `Solo ${PRODUCT} home`]) {
    test(`${name} goes back to the landing page`, async ({ adminPage: page }) => {
      await openAdminTab(page, 'milestones');
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(tracker(page)).toBeVisible();
    });
  }

  test('the active tab is in the URL and survives a reload', async ({ adminPage: page }) => {
    await openAdminTab(page, 'milestones');
    const expectations: Record<AdminTabKey, string> = {
      milestones: 'No milestones yet. Add the first one.',
      revenue: 'No revenue yet. Add the first entry.',
      experiments: SEEDED_EXPERIMENTS[0],
      subscribers: 'No subscribers yet. They appear when visitors join the newsletter.',
    };

    for (const key of ['revenue', 'experiments', 'subscribers', 'milestones'] as const) {
      const tab = tabOf(page, key);
      await tab.tab.click();
      await expect(page).toHaveURL(new RegExp(`/admin\\?tab=${key}$`));
      await expect(tab.tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab.filter).toBeVisible();
      await expect(tab.panel.getByText(expectations[key], { exact: true })).toBeVisible();

      await page.reload();
      await expect(tab.tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab.filter).toBeVisible();
      await expect(tab.panel.getByText(expectations[key], { exact: true })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toHaveCount(1);
    }

    // An unknown tab falls back to the default one.
    await page.goto('/admin?tab=nonsense');
    await expect(tabOf(page, 'milestones').tab).toHaveAttribute('aria-selected', 'true');
    await expect(tabOf(page, 'milestones').rowCount).toHaveText('0 rows');
  });

  test('sorting by a column header reorders the rows and sets aria-sort', async ({
    adminPage: page,
    api,
  }) => {
    for (const entry of THREE_ENTRIES) await createRevenue(api, entry);
    const revenue = await openAdminTab(page, 'revenue');
    const column = (index: number) => revenue.rows.locator(`td:nth-child(${index})`);

    // Newest first by default.
    await expect(revenue.header('Date')).toHaveAttribute('aria-sort', 'descending');
    await expect(column(3)).toHaveText(['Bravo ebook', 'Charlie call', 'Alpha app']);
    for (const other of ['Source', 'Amount', 'Description']) {
      await expect(revenue.header(other)).not.toHaveAttribute('aria-sort');
    }

    await revenue.sortBy('Amount').click();
    await expect(revenue.header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    await expect(revenue.header('Date')).not.toHaveAttribute('aria-sort');
    await expect(column(2)).toHaveText(['$50.25', '$300.00', '$1,000.00']);

    await revenue.sortBy('Amount').click();
    await expect(revenue.header('Amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(column(2)).toHaveText(['$1,000.00', '$300.00', '$50.25']);

    await revenue.sortBy('Source').click();
    await expect(revenue.header('Source')).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(1)).toHaveText(['AI', 'Consulting', 'Passive']);

    await revenue.sortBy('Date').click();
    await expect(revenue.header('Date')).toHaveAttribute('aria-sort', 'ascending');
    await expect(column(4)).toHaveText(['Jan 10, 2024', 'Feb 20, 2024', 'Mar 5, 2024']);

    // The other tables sort the same way.
    const experiments = tabOf(page, 'experiments');
    await experiments.tab.click();
    await expect(experiments.rowCount).toHaveText('5 rows');
    await experiments.sortBy('Projects').click();
    await expect(experiments.header('Projects')).toHaveAttribute('aria-sort', 'ascending');
    await expect(experiments.rows.locator('td:nth-child(4)')).toHaveText(['1', '3', '5', '8', '12']);
    await experiments.sortBy('Title').click();
    await expect(experiments.header('Title')).toHaveAttribute('aria-sort', 'ascending');
    await expect(experiments.rows.locator('td:nth-child(1)')).toHaveText([
      'AI Startup Studio',
      'Public Domain Flipping',
      'Rewriting History',
      'Self-Improvement AI',
      'Solo App Builds',
    ]);

    for (const [title, day] of [
      ['Beta launch', 30],
      ['Idea', 1],
      ['Public launch', 90],
    ] as const) {
      await createMilestone(api, {
        title,
        description: `${title}, a day to remember.`,
        date: '2024-01-01',
        day,
        isRevenue: 0,
      });
    }
    const milestones = tabOf(page, 'milestones');
    await milestones.tab.click();
    await expect(milestones.rowCount).toHaveText('3 rows');
    await expect(milestones.header('Day')).toHaveAttribute('aria-sort', 'ascending');
    await expect(milestones.rows.locator('td:nth-child(1)')).toHaveText(['1', '30', '90']);
    await milestones.sortBy('Day').click();
    await expect(milestones.header('Day')).toHaveAttribute('aria-sort', 'descending');
    await expect(milestones.rows.locator('td:nth-child(1)')).toHaveText(['90', '30', '1']);
    await milestones.sortBy('Title').click();
    await expect(milestones.rows.locator('td:nth-child(2)')).toHaveText([
      'Beta launch',
      'Idea',
      'Public launch',
    ]);
  });

  test('the filter narrows the rows', async ({ adminPage: page, api }) => {
    for (const entry of THREE_ENTRIES) await createRevenue(api, entry);
    const revenue = await openAdminTab(page, 'revenue');
    await expect(revenue.rowCount).toHaveText('3 rows');
    await expect(revenue.filter).toHaveAttribute('placeholder', 'Filter…');

    await revenue.filter.fill('ebook');
    await expect(revenue.rowCount).toHaveText('1 row');
    await expect(revenue.rows.locator('td:nth-child(3)')).toHaveText(['Bravo ebook']);

    // The source matches too.
    await revenue.filter.fill('consult');
    await expect(revenue.rowCount).toHaveText('1 row');
    await expect(revenue.rows.locator('td:nth-child(3)')).toHaveText(['Charlie call']);

    await revenue.filter.fill('nothing like this');
    await expect(revenue.rowCount).toHaveText('0 rows');
    await expect(revenue.panel.getByText('Nothing matches the filter.', { exact: true })).toBeVisible();

    await revenue.filter.fill('');
    await expect(revenue.rowCount).toHaveText('3 rows');
    await expect(revenue.rows).toHaveCount(3);

    const experiments = tabOf(page, 'experiments');
    await experiments.tab.click();
    await experiments.filter.fill('popular');
    await expect(experiments.rowCount).toHaveText('2 rows');
    await expect(experiments.rows.locator('td:nth-child(1)')).toHaveText([
      'Rewriting History',
      'Self-Improvement AI',
    ]);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [SAVE_FAILURE_LOGS] });

    test('a failed logout says so and keeps the admin signed in', async ({ adminPage: page }) => {
      await openAdminTab(page, 'milestones');
      await failWith500(page, 'auth.logout');
      await page.getByRole('button', { name: 'Logout', exact: true }).click();

      const toast = toasts(page).filter({ hasText: 'Logout failed' });
      await expect(toast).toBeVisible();
      await expect(page).toHaveURL(/\/admin\?tab=milestones$/);
      await expect(page.getByText(`Welcome, ${ADMIN.username}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout', exact: true })).toBeEnabled();
    });
  });

  test('Logout signs out and goes to the landing page', async ({ page, api }) => {
    // A session of its own: the other tests keep the worker's.
    const login = await page.request.post('/api/login', {
      data: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    await openAdminTab(page, 'milestones');

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    const toast = toasts(page).filter({ hasText: 'Logged out' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('You have been logged out successfully');
    await expect(page, 'after Logout the app shows the landing page').toHaveURL(/\/$/);
    await expect(tracker(page)).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Add New Revenue' }),
      'admin controls are gone',
    ).toHaveCount(0);

    // The login's keep-alive socket has been idle past the server's 5 s keep-alive timeout: a GET may
    // meet it closing (ECONNRESET), which a browser retries by itself and Playwright only when asked.
    const retried = { maxRetries: 2 };
    expect((await page.request.get('/api/user', retried)).status(), 'the session is gone').toBe(401);
    expect((await api.get('/api/user', retried)).status(), "the worker's session still works").toBe(200);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test.describe('accessibility', () => {
    const ROW_LABELS: Record<AdminTabKey, string> = {
      milestones: 'Audited (day 10)',
      revenue: '$1,250.50 from Mar 15, 2024',
      experiments: 'AI Startup Studio',
      subscribers: 'reader@example.com',
    };
    // The add and edit dialogs are scanned by form-dialogs.spec.ts, with and without their messages,
    // in both schemes: here the tabs and the delete confirmation.
    test.beforeEach(async ({ api }) => {
      await createRevenue(api, {
        amount: '1250.5',
        source: 'consulting',
        description: 'Audit me',
        date: '2024-03-15',
      });
      await createMilestone(api, {
        title: 'Audited',
        description: 'A milestone for the audit.',
        date: '2024-03-15',
        day: 10,
        isRevenue: 1,
        amount: '100',
      });
      await subscribe(api, 'reader@example.com');
    });

    for (const key of Object.keys(ADMIN_TABS) as AdminTabKey[]) {
      test(`the ${key} tab and its delete confirmation pass axe`, async ({ adminPage: page, axe }) => {
        const tab = await openAdminTab(page, key);
        await expect(tab.remove(ROW_LABELS[key])).toBeVisible();
        await axe();

        await tab.remove(ROW_LABELS[key]).click();
        const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
        await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
        await stillness(confirm);
        await axe();
        await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(confirm).toBeHidden();
      });
    }

    test('the Type and Status badges are readable: text contrast at least 4.5:1', async ({
      adminPage: page,
      api,
    }) => {
      await createMilestone(api, {
        title: 'Achievement',
        description: 'An achievement for the audit.',
        date: '2024-03-16',
        day: 11,
        isRevenue: 0,
      });
      const badges: { text: string; color: string; background: string }[] = [];
      const milestones = await openAdminTab(page, 'milestones');
      await expect(milestones.rowCount).toHaveText('2 rows');
      for (const row of await milestones.rows.all()) {
        badges.push(await badgeColors(row.locator('td:nth-child(4) > *')));
      }
      const experiments = tabOf(page, 'experiments');
      await experiments.tab.click();
      await expect(experiments.rowCount).toHaveText('5 rows');
      for (const row of await experiments.rows.all()) {
        badges.push(await badgeColors(row.locator('td:nth-child(2) > *')));
      }
      expect(badges.map((badge) => badge.text)).toEqual([
        'Revenue',
        'Milestone',
        'Active',
        'Popular',
        'Active',
        'Popular',
        'Flagship',
      ]);

      const unreadable = badges
        .map((badge) => ({ ...badge, ratio: contrastRatio(badge.color, badge.background) }))
        .filter((badge) => badge.ratio < 4.5)
        .map((badge) => `${badge.text}: ${badge.color} on ${badge.background} (${badge.ratio.toFixed(2)}:1)`);
      expect(unreadable, 'badges whose text does not stand out from their background').toEqual([]);
    });
  });
});
