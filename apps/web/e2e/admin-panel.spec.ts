import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { ADMIN_TABS, deleteThroughDialog, openAdminTab, tabOf, type AdminTabKey } from './admin-tabs';
import { ADMIN } from './fixtures';
import {
  badgeColors,
  contrastRatio,
  createExperiment,
  createMilestone,
  createRevenue,
  finalAmount,
  holdRequests,
  listExperiments,
  listMilestones,
  listRevenue,
  PRODUCT,
  section,
  SEEDED_EXPERIMENTS,
  stillness,
  subscribe,
  toasts,
} from './support';

// Every test here starts on a database as a fresh install has it (admin-server.ts): no revenue,
// milestones or subscribers, and the five seeded experiments.

/**
 * What Chromium logs when a save fails: the 500 answer, and the error the app logs
 * (SPEC.md section 8). Only the failure tests allow these.
 */
const SAVE_FAILURE_LOGS =
  /^(Failed to load resource: the server responded with a status of 500 \(Internal Server Error\)|TRPCClientError: Database is down)/;

const call = (procedure: string) => new RegExp(`/api/trpc/[^?]*${procedure.replace('.', '\\.')}`);

/** Makes the server's answer to `procedure` a 500, as tRPC sends it for a batched call. */
async function failWith500(page: Page, procedure: string) {
  await page.route(call(procedure), (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Database is down',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      ]),
    }),
  );
}

/** The dialog named `name`, once its (lazily loaded) form shows its Save button and it stands still. */
async function openDialog(page: Page, opener: Locator, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await stillness(dialog);
  return dialog;
}

/** Clicks Save, holding the call to see 'Saving...' on a disabled button, then lets it through. */
async function saveAndSeeSaving(page: Page, dialog: Locator, procedure: string) {
  const gate = await holdRequests(page, call(procedure));
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await gate.requested;
  await expect(dialog.getByRole('button', { name: 'Saving...', exact: true })).toBeDisabled();
  gate.release();
}

const fieldMessage = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true });

/** Types a YYYY-MM-DD date into a date field and leaves it (Enter would submit the form). */
async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
  await expect(field).toHaveValue(value);
}

const tracker = (page: Page) => section(page, `${PRODUCT} Build Tracker`);
const sourceButton = (page: Page, label: string, amount: string) =>
  tracker(page).getByRole('button', { name: `${label} ${amount}`, exact: true });

/** The landing page's card (article) whose h3 is `title`, in the section named `sectionName`. */
const card = (page: Page, sectionName: string, title: string) =>
  section(page, sectionName)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

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
      'Experiments',
      'Subscribers',
      'Embed',
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

  test('revenue: add with validation, edit, delete, and the tracker follows', async ({
    adminPage: page,
    api,
  }) => {
    let revenue = await openAdminTab(page, 'revenue');
    await expect(revenue.rowCount).toHaveText('0 rows');
    await expect(
      revenue.panel.getByText('No revenue yet. Add the first entry.', { exact: true }),
    ).toBeVisible();
    await expect(revenue.table.getByRole('columnheader')).toHaveText([
      'Source',
      'Amount',
      'Description',
      'Date',
      'Actions',
    ]);

    // Add: the field messages on bad input first, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (call('revenue.create').test(request.url())) sent.push(request.url());
    });
    const add = await openDialog(
      page,
      revenue.panel.getByRole('button', { name: 'Add New Revenue', exact: true }),
      'Add New Revenue',
    );
    const amount = add.getByRole('textbox', { name: 'Amount' });
    const source = add.getByRole('combobox', { name: 'Source' });
    const description = add.getByRole('textbox', { name: 'Description' });
    const date = add.getByRole('textbox', { name: 'Date' });
    await expect(source.locator('option')).toHaveText(['AI Projects', 'Passive Income', 'Consulting']);

    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(add, 'Amount is required.')).toBeVisible();
    await expect(fieldMessage(add, 'Description must be at least 5 characters.')).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    await amount.fill('1250.5');
    await description.fill('Tiny');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(add, 'Amount is required.')).toBeHidden();
    await expect(fieldMessage(add, 'Description must be at least 5 characters.')).toBeVisible();
    expect(sent, 'an invalid form sends nothing').toEqual([]);

    await description.fill('Consulting retainer for March');
    await source.selectOption({ label: 'Consulting' });
    await fillDate(date, '2024-03-15');
    await expect(fieldMessage(add, 'Description must be at least 5 characters.')).toBeHidden();
    await saveAndSeeSaving(page, add, 'revenue.create');

    const added = toasts(page).filter({ hasText: 'Revenue added' });
    await expect(added).toBeVisible();
    await expect(added).toContainText('Your revenue entry has been added successfully.');
    await expect(add).toBeHidden();

    const firstLabel = '$1,250.50 from Mar 15, 2024';
    await expect(revenue.rowCount).toHaveText('1 row');
    await expect(revenue.rows.first().getByRole('cell')).toHaveText([
      'Consulting',
      '$1,250.50',
      'Consulting retainer for March',
      'Mar 15, 2024',
      '',
    ]);
    await expect(revenue.edit(firstLabel)).toBeVisible();
    await expect(revenue.remove(firstLabel)).toBeVisible();
    expect(await listRevenue(api)).toEqual([
      expect.objectContaining({
        amount: '1250.50',
        source: 'consulting',
        description: 'Consulting retainer for March',
      }),
    ]);

    // The tracker follows.
    await page.goto('/');
    await expect(finalAmount(page)).toHaveText('$1,250.50');
    await expect(sourceButton(page, 'All Revenue', '$1,250.50')).toBeVisible();
    await expect(sourceButton(page, 'Consulting', '$1,250.50')).toBeVisible();
    await expect(sourceButton(page, 'AI Projects', '$0.00')).toBeVisible();

    // Edit: the dialog is filled from the record, every time it opens.
    revenue = await openAdminTab(page, 'revenue');
    let edit = await openDialog(page, revenue.edit(firstLabel), 'Edit Revenue');
    await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('1,250.50');
    await expect(edit.getByRole('combobox', { name: 'Source' })).toHaveValue('consulting');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Consulting retainer for March',
    );
    await expect(edit.getByRole('textbox', { name: 'Date' })).toHaveValue('2024-03-15');
    await edit.getByRole('textbox', { name: 'Description' }).fill('Changed, then abandoned');
    await edit.getByRole('button', { name: 'Close dialog' }).click();
    await expect(edit).toBeHidden();

    edit = await openDialog(page, revenue.edit(firstLabel), 'Edit Revenue');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Consulting retainer for March',
    );
    await edit.getByRole('textbox', { name: 'Description' }).fill('Tiny');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(edit, 'Description must be at least 5 characters.')).toBeVisible();

    await edit.getByRole('textbox', { name: 'Amount' }).fill('2000');
    await edit.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'AI Projects' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('First AI app sales');
    await fillDate(edit.getByRole('textbox', { name: 'Date' }), '2024-04-01');
    await saveAndSeeSaving(page, edit, 'revenue.update');
    await expect(toasts(page).filter({ hasText: 'Revenue updated' })).toBeVisible();
    await expect(edit).toBeHidden();

    const editedLabel = '$2,000.00 from Apr 1, 2024';
    await expect(revenue.rows.first().getByRole('cell')).toHaveText([
      'AI',
      '$2,000.00',
      'First AI app sales',
      'Apr 1, 2024',
      '',
    ]);
    await expect(revenue.edit(firstLabel)).toHaveCount(0);
    await expect(revenue.rowCount).toHaveText('1 row');

    edit = await openDialog(page, revenue.edit(editedLabel), 'Edit Revenue');
    await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('2,000.00');
    await expect(edit.getByRole('combobox', { name: 'Source' })).toHaveValue('ai');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('First AI app sales');
    await expect(edit.getByRole('textbox', { name: 'Date' })).toHaveValue('2024-04-01');
    await edit.getByRole('button', { name: 'Close dialog' }).click();
    await expect(edit).toBeHidden();

    await page.goto('/');
    await expect(finalAmount(page)).toHaveText('$2,000.00');
    await expect(sourceButton(page, 'AI Projects', '$2,000.00')).toBeVisible();
    await expect(sourceButton(page, 'Consulting', '$0.00')).toBeVisible();

    // Delete: Cancel keeps it, Delete removes it.
    revenue = await openAdminTab(page, 'revenue');
    await deleteThroughDialog(page, 'revenue', editedLabel);
    await expect(revenue.rowCount).toHaveText('0 rows');
    await expect(
      revenue.panel.getByText('No revenue yet. Add the first entry.', { exact: true }),
    ).toBeVisible();
    expect(await listRevenue(api)).toEqual([]);

    await page.goto('/');
    await expect(finalAmount(page)).toHaveText('$0.00');
    await expect(sourceButton(page, 'All Revenue', '$0.00')).toBeVisible();
  });

  test('milestones: add with validation, edit, delete, and the timeline follows', async ({
    adminPage: page,
    api,
  }) => {
    let milestones = await openAdminTab(page, 'milestones');
    await expect(milestones.table.getByRole('columnheader')).toHaveText([
      'Day',
      'Title',
      'Date',
      'Type',
      'Actions',
    ]);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (call('milestones.create').test(request.url())) sent.push(request.url());
    });
    const add = await openDialog(
      page,
      milestones.panel.getByRole('button', { name: 'Add New Milestone', exact: true }),
      'Add New Milestone',
    );
    const title = add.getByRole('textbox', { name: 'Title' });
    const description = add.getByRole('textbox', { name: 'Description' });
    const day = add.getByRole('textbox', { name: 'Day' });
    const type = add.getByRole('radiogroup', { name: 'Type' });
    const revenueAmount = add.getByRole('textbox', { name: 'Revenue Amount' });
    await expect(type.getByRole('radio', { name: 'Milestone' })).toBeChecked();
    await expect(revenueAmount).toHaveCount(0);
    // The first milestone is day 1; emptied, the day is required.
    await expect(day).toHaveValue('1');
    await day.clear();

    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(add, 'Title must be at least 2 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Description must be at least 10 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Day count is required.')).toBeVisible();

    await title.fill('A');
    await description.fill('Too short');
    await day.fill('41');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(add, 'Title must be at least 2 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Description must be at least 10 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Day count is required.')).toBeHidden();
    expect(sent, 'an invalid form sends nothing').toEqual([]);

    // The type shows the amount only for revenue.
    await type.getByText('Revenue', { exact: true }).click();
    await expect(type.getByRole('radio', { name: 'Revenue' })).toBeChecked();
    await expect(revenueAmount).toBeVisible();
    await type.getByText('Milestone', { exact: true }).click();
    await expect(revenueAmount).toHaveCount(0);
    await type.getByText('Revenue', { exact: true }).click();

    await title.fill('First paying customer');
    await description.fill('Someone paid for the first app.');
    await fillDate(add.getByRole('textbox', { name: 'Date' }), '2024-02-10');
    await day.fill('41');
    await revenueAmount.fill('500');
    await saveAndSeeSaving(page, add, 'milestones.create');
    await expect(toasts(page).filter({ hasText: 'Milestone added' })).toBeVisible();
    await expect(add).toBeHidden();

    const firstLabel = 'First paying customer (day 41)';
    await expect(milestones.rowCount).toHaveText('1 row');
    await expect(milestones.rows.first().getByRole('cell')).toHaveText([
      '41',
      'First paying customer',
      'Feb 10, 2024',
      'Revenue',
      '',
    ]);
    await expect(milestones.edit(firstLabel)).toBeVisible();
    expect(await listMilestones(api)).toEqual([
      expect.objectContaining({ title: 'First paying customer', day: 41, isRevenue: 1, amount: '500.00' }),
    ]);

    // The timeline follows.
    await page.goto('/');
    let onTimeline = card(page, 'Journey Milestones', 'First paying customer');
    await expect(onTimeline).toBeVisible();
    await expect(onTimeline.getByText('Day 41', { exact: true })).toBeVisible();
    await expect(onTimeline.getByText('$500.00', { exact: true })).toBeVisible();
    await expect(onTimeline.getByText('Someone paid for the first app.', { exact: true })).toBeVisible();
    await expect(onTimeline.getByText('Feb 10, 2024', { exact: true })).toBeVisible();

    // Edit: filled from the record; turning it into an achievement drops the amount.
    milestones = await openAdminTab(page, 'milestones');
    let edit = await openDialog(page, milestones.edit(firstLabel), 'Edit Milestone');
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('First paying customer');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Someone paid for the first app.',
    );
    await expect(edit.getByRole('textbox', { name: 'Date' })).toHaveValue('2024-02-10');
    await expect(edit.getByRole('textbox', { name: 'Day' })).toHaveValue('41');
    const editType = edit.getByRole('radiogroup', { name: 'Type' });
    await expect(editType.getByRole('radio', { name: 'Revenue' })).toBeChecked();
    await expect(edit.getByRole('textbox', { name: 'Revenue Amount' })).toHaveValue('500.00');

    await edit.getByRole('textbox', { name: 'Title' }).fill('X');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(edit, 'Title must be at least 2 characters.')).toBeVisible();

    await edit.getByRole('textbox', { name: 'Title' }).fill('Launched the first app');
    await edit.getByRole('textbox', { name: 'Day' }).fill('45');
    await editType.getByText('Milestone', { exact: true }).click();
    await expect(edit.getByRole('textbox', { name: 'Revenue Amount' })).toHaveCount(0);
    await saveAndSeeSaving(page, edit, 'milestones.update');
    await expect(toasts(page).filter({ hasText: 'Milestone updated' })).toBeVisible();
    await expect(edit).toBeHidden();

    const editedLabel = 'Launched the first app (day 45)';
    await expect(milestones.rows.first().getByRole('cell')).toHaveText([
      '45',
      'Launched the first app',
      'Feb 10, 2024',
      'Milestone',
      '',
    ]);
    await expect(milestones.edit(firstLabel)).toHaveCount(0);

    edit = await openDialog(page, milestones.edit(editedLabel), 'Edit Milestone');
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Launched the first app');
    await expect(edit.getByRole('textbox', { name: 'Day' })).toHaveValue('45');
    await expect(
      edit.getByRole('radiogroup', { name: 'Type' }).getByRole('radio', { name: 'Milestone' }),
    ).toBeChecked();
    await edit.getByRole('button', { name: 'Close dialog' }).click();
    await expect(edit).toBeHidden();
    expect(await listMilestones(api)).toEqual([
      expect.objectContaining({ title: 'Launched the first app', day: 45, isRevenue: 0, amount: null }),
    ]);

    await page.goto('/');
    onTimeline = card(page, 'Journey Milestones', 'Launched the first app');
    await expect(onTimeline).toBeVisible();
    await expect(onTimeline.getByText('Day 45', { exact: true })).toBeVisible();
    await expect(onTimeline.getByText(/^\$/)).toHaveCount(0);
    await expect(card(page, 'Journey Milestones', 'First paying customer')).toHaveCount(0);

    // Delete: Cancel keeps it, Delete removes it.
    milestones = await openAdminTab(page, 'milestones');
    await deleteThroughDialog(page, 'milestones', editedLabel);
    await expect(milestones.rowCount).toHaveText('0 rows');
    await expect(
      milestones.panel.getByText('No milestones yet. Add the first one.', { exact: true }),
    ).toBeVisible();
    expect(await listMilestones(api)).toEqual([]);

    await page.goto('/');
    await expect(
      section(page, 'Journey Milestones').getByRole('heading', { level: 3, name: 'No milestones yet' }),
    ).toBeVisible();
    await expect(section(page, 'Journey Milestones').getByRole('article')).toHaveCount(0);
  });

  test('experiments: add with validation, edit, delete, and the AI Arena follows', async ({
    adminPage: page,
    api,
  }) => {
    let experiments = await openAdminTab(page, 'experiments');
    await expect(experiments.rowCount).toHaveText('5 rows');
    await expect(experiments.table.getByRole('columnheader')).toHaveText([
      'Title',
      'Status',
      'Projects',
      'Actions',
    ]);
    await expect(experiments.rows.locator('td:nth-child(1)')).toHaveText([...SEEDED_EXPERIMENTS]);
    await expect(experiments.row('Solo App Builds').getByRole('cell')).toHaveText([
      'Solo App Builds',
      'Active',
      '12',
      '',
    ]);

    const sent: string[] = [];
    page.on('request', (request) => {
      if (call('experiments.create').test(request.url())) sent.push(request.url());
    });
    const add = await openDialog(
      page,
      experiments.panel.getByRole('button', { name: 'Add New Experiment', exact: true }),
      'Add New Experiment',
    );
    const title = add.getByRole('textbox', { name: 'Title' });
    const description = add.getByRole('textbox', { name: 'Description' });
    const status = add.getByRole('combobox', { name: 'Status' });
    const projects = add.getByRole('textbox', { name: 'Projects' });
    const imageUrl = add.getByRole('textbox', { name: 'Image URL' });
    const preview = add.getByRole('img', { name: 'Preview of the experiment image' });
    await expect(status.locator('option')).toHaveText(['Active', 'Popular', 'Flagship']);
    await expect(status).toHaveValue('Active');
    await expect(status).toHaveAccessibleDescription(/green/);
    await expect(projects).toHaveValue('1');
    await expect(imageUrl).toHaveValue('/images/experiments/placeholder.svg');
    await expect(preview).toBeVisible();

    await title.fill('X');
    await description.fill('Too short');
    await imageUrl.fill('https://');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(add, 'Title must be at least 2 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Description must be at least 10 characters.')).toBeVisible();
    await expect(fieldMessage(add, 'Please enter a valid URL for the image.')).toBeVisible();
    expect(sent, 'an invalid form sends nothing').toEqual([]);

    await title.fill('Podcast Network');
    await description.fill('AI-produced podcasts on niche topics, one a week.');
    await status.selectOption('Flagship');
    await expect(status).toHaveAccessibleDescription(/pink/);
    await projects.fill('3');
    await imageUrl.fill('/images/experiments/rewriting-history.svg');
    await expect(preview).toHaveAttribute('src', '/images/experiments/rewriting-history.svg');
    await expect(preview).toBeVisible();
    await saveAndSeeSaving(page, add, 'experiments.create');
    await expect(toasts(page).filter({ hasText: 'Experiment added' })).toBeVisible();
    await expect(add).toBeHidden();

    await expect(experiments.rowCount).toHaveText('6 rows');
    await expect(experiments.row('Podcast Network').getByRole('cell')).toHaveText([
      'Podcast Network',
      'Flagship',
      '3',
      '',
    ]);
    await expect(experiments.edit('Podcast Network')).toBeVisible();
    const stored = (await listExperiments(api)).find((experiment) => experiment.title === 'Podcast Network');
    expect(stored).toEqual(
      expect.objectContaining({
        status: 'Flagship',
        statusColor: 'text-pink-500',
        projectCount: 3,
        imageUrl: '/images/experiments/rewriting-history.svg',
      }),
    );

    // The AI Arena follows.
    await page.goto('/');
    let arenaCard = card(page, 'AI Arena', 'Podcast Network');
    await expect(arenaCard).toBeVisible();
    await expect(arenaCard.getByText('Flagship', { exact: true })).toBeVisible();
    await expect(arenaCard.getByText('3 projects', { exact: true })).toBeVisible();
    await expect(
      arenaCard.getByText('AI-produced podcasts on niche topics, one a week.', { exact: true }),
    ).toBeVisible();

    // Edit: filled from the record; the status recolours the badge.
    experiments = await openAdminTab(page, 'experiments');
    let edit = await openDialog(page, experiments.edit('Podcast Network'), 'Edit Experiment');
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Podcast Network');
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(
      'AI-produced podcasts on niche topics, one a week.',
    );
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveValue('Flagship');
    await expect(edit.getByRole('textbox', { name: 'Projects' })).toHaveValue('3');
    await expect(edit.getByRole('textbox', { name: 'Image URL' })).toHaveValue(
      '/images/experiments/rewriting-history.svg',
    );
    await expect(edit.getByRole('img', { name: 'Preview of the experiment image' })).toBeVisible();

    await edit.getByRole('textbox', { name: 'Description' }).fill('Short');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(fieldMessage(edit, 'Description must be at least 10 characters.')).toBeVisible();

    await edit.getByRole('textbox', { name: 'Title' }).fill('Podcast Studio');
    await edit.getByRole('textbox', { name: 'Description' }).fill('One AI-produced podcast, done well.');
    await edit.getByRole('combobox', { name: 'Status' }).selectOption('Popular');
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription(/blue/);
    await edit.getByRole('textbox', { name: 'Projects' }).fill('1');
    await saveAndSeeSaving(page, edit, 'experiments.update');
    await expect(toasts(page).filter({ hasText: 'Experiment updated' })).toBeVisible();
    await expect(edit).toBeHidden();

    await expect(experiments.row('Podcast Studio').getByRole('cell')).toHaveText([
      'Podcast Studio',
      'Popular',
      '1',
      '',
    ]);
    await expect(experiments.row('Podcast Network')).toHaveCount(0);
    await expect(experiments.rowCount).toHaveText('6 rows');

    edit = await openDialog(page, experiments.edit('Podcast Studio'), 'Edit Experiment');
    await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue('Podcast Studio');
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveValue('Popular');
    await expect(edit.getByRole('textbox', { name: 'Projects' })).toHaveValue('1');
    await edit.getByRole('button', { name: 'Close dialog' }).click();
    await expect(edit).toBeHidden();
    expect((await listExperiments(api)).find((experiment) => experiment.title === 'Podcast Studio')).toEqual(
      expect.objectContaining({ status: 'Popular', statusColor: 'text-blue-500', projectCount: 1 }),
    );

    await page.goto('/');
    arenaCard = card(page, 'AI Arena', 'Podcast Studio');
    await expect(arenaCard).toBeVisible();
    await expect(arenaCard.getByText('Popular', { exact: true })).toBeVisible();
    await expect(arenaCard.getByText('1 project', { exact: true })).toBeVisible();
    await expect(card(page, 'AI Arena', 'Podcast Network')).toHaveCount(0);

    // Delete: Cancel keeps it, Delete removes it; the seeded five stay.
    experiments = await openAdminTab(page, 'experiments');
    await deleteThroughDialog(page, 'experiments', 'Podcast Studio');
    await expect(experiments.rowCount).toHaveText('5 rows');
    await expect(experiments.rows.locator('td:nth-child(1)')).toHaveText([...SEEDED_EXPERIMENTS]);

    await page.goto('/');
    await expect(card(page, 'AI Arena', 'Podcast Studio')).toHaveCount(0);
    for (const seeded of SEEDED_EXPERIMENTS) await expect(card(page, 'AI Arena', seeded)).toBeVisible();
  });

  test('sorting by a column header reorders the rows and sets aria-sort', async ({
    adminPage: page,
    api,
  }) => {
    await createRevenue(api, { amount: '300', source: 'ai', description: 'Alpha app', date: '2024-01-10' });
    await createRevenue(api, {
      amount: '1000',
      source: 'passive',
      description: 'Bravo ebook',
      date: '2024-03-05',
    });
    await createRevenue(api, {
      amount: '50.25',
      source: 'consulting',
      description: 'Charlie call',
      date: '2024-02-20',
    });
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
    await expect(experiments.rows.locator('td:nth-child(3)')).toHaveText(['1', '3', '5', '8', '12']);
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
    await createRevenue(api, { amount: '300', source: 'ai', description: 'Alpha app', date: '2024-01-10' });
    await createRevenue(api, {
      amount: '1000',
      source: 'passive',
      description: 'Bravo ebook',
      date: '2024-03-05',
    });
    await createRevenue(api, {
      amount: '50.25',
      source: 'consulting',
      description: 'Charlie call',
      date: '2024-02-20',
    });
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

  test('more than 25 rows page with Next and Previous', async ({ adminPage: page, api }) => {
    for (let index = 1; index <= 30; index++) {
      const day = String(index).padStart(2, '0');
      await createRevenue(api, {
        amount: String(index * 10),
        source: 'ai',
        description: `Entry ${day}`,
        date: `2024-01-${day}`,
      });
    }
    const revenue = await openAdminTab(page, 'revenue');
    const descriptions = revenue.rows.locator('td:nth-child(3)');
    const entries = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, offset) => `Entry ${String(from - offset).padStart(2, '0')}`);

    await expect(revenue.rowCount).toHaveText('30 rows');
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(descriptions).toHaveText(entries(30, 6));
    await expect(revenue.previous).toBeDisabled();
    await expect(revenue.next).toBeEnabled();

    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await expect(descriptions).toHaveText(entries(5, 1));
    await expect(revenue.next).toBeDisabled();
    await expect(revenue.previous).toBeEnabled();

    await revenue.previous.click();
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(descriptions).toHaveText(entries(30, 6));
    await expect(revenue.previous).toBeDisabled();

    // A new sort or filter starts again from the first page.
    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await revenue.sortBy('Amount').click();
    await expect(revenue.pageOf).toHaveText('Page 1 of 2');
    await expect(revenue.rows.locator('td:nth-child(2)').first()).toHaveText('$10.00');

    await revenue.next.click();
    await expect(revenue.pageOf).toHaveText('Page 2 of 2');
    await revenue.filter.fill('Entry 1');
    await expect(revenue.rowCount).toHaveText('10 rows');
    await expect(revenue.pageOf).toHaveText('Page 1 of 1');
    await expect(revenue.next).toBeDisabled();
  });

  test('paging by creation time shows each experiment once', async ({ adminPage: page, api }) => {
    // Experiments sort by when they were created, oldest first: the seeded five, then these.
    const added = Array.from(
      { length: 25 },
      (_, index) => `Experiment ${String(index + 1).padStart(2, '0')}`,
    );
    for (const title of added) {
      await createExperiment(api, {
        title,
        description: 'One of many experiments.',
        status: 'Active',
        projectCount: 1,
      });
    }
    const experiments = await openAdminTab(page, 'experiments');
    const titles = experiments.rows.locator('td:nth-child(1)');
    await expect(experiments.rowCount).toHaveText('30 rows');
    await expect(experiments.pageOf).toHaveText('Page 1 of 2');
    await expect(titles).toHaveText([...SEEDED_EXPERIMENTS, ...added.slice(0, 20)]);

    await experiments.next.click();
    await expect(experiments.pageOf).toHaveText('Page 2 of 2');
    await expect(titles).toHaveText(added.slice(20));
    await expect(experiments.next).toBeDisabled();
  });

  for (const [key, procedure, noun] of [
    ['revenue', 'revenue.create', 'revenue entry'],
    ['milestones', 'milestones.create', 'milestone'],
    ['experiments', 'experiments.create', 'experiment'],
  ] as const) {
    test.describe(() => {
      test.use({
        allowedConsoleErrors: [SAVE_FAILURE_LOGS],
      });

      test(`a failed save of a new ${noun} shows the Error toast and keeps the dialog`, async ({
        adminPage: page,
      }) => {
        const tab = await openAdminTab(page, key);
        const before = await tab.rowCount.textContent();
        const addName = {
          revenue: 'Add New Revenue',
          milestones: 'Add New Milestone',
          experiments: 'Add New Experiment',
        }[key];
        const dialog = await openDialog(
          page,
          tab.panel.getByRole('button', { name: addName, exact: true }),
          addName,
        );
        if (key === 'revenue') {
          await dialog.getByRole('textbox', { name: 'Amount' }).fill('99');
          await dialog.getByRole('textbox', { name: 'Description' }).fill('Will not be saved');
        } else {
          await dialog.getByRole('textbox', { name: 'Title' }).fill('Will not be saved');
          await dialog.getByRole('textbox', { name: 'Description' }).fill('The server refuses this one.');
          if (key === 'milestones') await dialog.getByRole('textbox', { name: 'Day' }).fill('3');
        }
        await failWith500(page, procedure);
        const logged: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') logged.push(message.text());
        });
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();

        const toast = toasts(page).filter({ hasText: 'Error' });
        await expect(toast).toBeVisible();
        await expect(toast).toContainText(`There was a problem adding your ${noun}.`);
        await expect
          .poll(() => logged.filter((text) => text.startsWith('TRPCClientError: Database is down')).length, {
            message: 'the error is logged to the console (SPEC.md section 8)',
          })
          .toBe(1);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(
          key === 'revenue' ? 'Will not be saved' : 'The server refuses this one.',
        );
        await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
        await dialog.getByRole('button', { name: 'Close dialog' }).click();
        await expect(tab.rowCount).toHaveText(before!);
      });
    });
  }

  test.describe(() => {
    test.use({
      allowedConsoleErrors: [SAVE_FAILURE_LOGS],
    });

    test('a failed update shows the Error toast and keeps the record', async ({ adminPage: page, api }) => {
      await createRevenue(api, {
        amount: '42',
        source: 'ai',
        description: 'Kept as it is',
        date: '2024-05-05',
      });
      const revenue = await openAdminTab(page, 'revenue');
      const dialog = await openDialog(page, revenue.edit('$42.00 from May 5, 2024'), 'Edit Revenue');
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Never stored');
      await failWith500(page, 'revenue.update');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      const toast = toasts(page).filter({ hasText: 'Error' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('There was a problem updating your revenue entry.');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Never stored');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await expect(revenue.rows.locator('td:nth-child(3)')).toHaveText(['Kept as it is']);
    });

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

    expect((await page.request.get('/api/user')).status(), 'the session is gone').toBe(401);
    expect((await api.get('/api/user')).status(), "the worker's session still works").toBe(200);
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
    const DIALOGS: Partial<Record<AdminTabKey, [add: string, edit: string]>> = {
      milestones: ['Add New Milestone', 'Edit Milestone'],
      revenue: ['Add New Revenue', 'Edit Revenue'],
      experiments: ['Add New Experiment', 'Edit Experiment'],
    };

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
      const names = DIALOGS[key];
      test(`the ${key} tab${names ? ', its dialogs' : ''} and the delete confirmation pass axe`, async ({
        adminPage: page,
        axe,
      }) => {
        const tab = await openAdminTab(page, key);
        await expect(tab.remove(ROW_LABELS[key])).toBeVisible();
        await axe();

        if (names) {
          const [addName, editName] = names;
          let dialog = await openDialog(
            page,
            tab.panel.getByRole('button', { name: addName, exact: true }),
            addName,
          );
          await axe();
          await dialog.getByRole('button', { name: 'Close dialog' }).click();
          await expect(dialog).toBeHidden();

          dialog = await openDialog(page, tab.edit(ROW_LABELS[key]), editName);
          await axe();
          await dialog.getByRole('button', { name: 'Close dialog' }).click();
          await expect(dialog).toBeHidden();
        }

        await tab.remove(ROW_LABELS[key]).click();
        const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
        await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
        await stillness(confirm);
        await axe();
        await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(confirm).toBeHidden();
      });
    }

    test('the dialogs showing their validation messages pass axe', async ({ adminPage: page, axe }) => {
      for (const key of ['milestones', 'revenue', 'experiments'] as const) {
        const [addName] = DIALOGS[key]!;
        const tab = await openAdminTab(page, key);
        const dialog = await openDialog(
          page,
          tab.panel.getByRole('button', { name: addName, exact: true }),
          addName,
        );
        if (key === 'experiments') await dialog.getByRole('textbox', { name: 'Title' }).fill('X');
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
        await stillness(dialog);
        await axe();
        await dialog.getByRole('button', { name: 'Close dialog' }).click();
        await expect(dialog).toBeHidden();
      }
    });

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
