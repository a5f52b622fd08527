import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDate, milestonePath } from '@journey/contracts/constants';
import { expect, test } from './admin-server';
import { card, openDialog } from './admin-dialogs';
import { openAdminTab } from './admin-tabs';
import { onEachScreen } from './screens';
import {
  createExperiment,
  createMilestone,
  expectStatus,
  getSettings,
  gotoHydrated,
  listExperiments,
  listRevenue,
  putSettings,
  uniqueTag,
} from './support';

// An experiment's money (docs/decisions/082-experiment-money.md) on its arena card and its page: its
// revenue from two providers' imports, assigned to it by hand, less its costs from an OpenAI cost
// export; shown as the owner's privacy chooses (083), and marked when it is killed (081).

const EXPERIMENT = {
  title: 'Prompt Pack Studio',
  description: 'Packs of tested prompts, sold to teams through two shops.',
  status: 'Active' as const,
  projectCount: 3,
};
const VERDICT = 'Teams wrote their own prompts.';

/** The providers' export fixtures of the API's tests, their first line moved to `date` and `amount`. */
const FIXTURES = path.resolve(import.meta.dirname, '../../api/test/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8').split('\n');

/** Days of the current month and the one before, in UTC: the experiment's two months. */
const now = new Date();
const day = (monthsBack: number, date: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, date));
const ymd = (when: Date) => when.toISOString().slice(0, 10);

/** Revenue of $1,500.00 (Stripe) and $249.99 (Gumroad), costs of $12.35 and $7.50 (OpenAI). */
const REVENUE = '$1,749.99';
const COSTS = '$19.85';
const PROFIT = '$1,730.14';

function stripeCsv(id: string) {
  const [header, row = ''] = fixture('imports/stripe.csv');
  const line = row
    .replace('ch_3OaA1aJourney0001', id)
    .replace('2024-03-01 10:15', `${ymd(day(1, 10))} 10:15`)
    .replace(',120.00,0.00,usd,120.00,', ',1500.00,0.00,usd,1500.00,');
  return `${header}\n${line}\n`;
}

function gumroadCsv(id: string) {
  const [header, row = ''] = fixture('imports/gumroad.csv');
  const line = row
    .replace('AbC1xYz0001==', id)
    .replaceAll('2024-06-01', ymd(day(1, 20)))
    .replace(',25.0,0.0,,0.0,25.0,2.75,22.25,', ',249.99,0.0,,0.0,249.99,2.75,247.24,');
  return `${header}\n${line}\n`;
}

/** OpenAI's cost export: $12.3456 on the 2nd of last month, $7.50 on the 1st of this one. */
function openaiCsv(project: string) {
  const seconds = (when: Date) => Math.floor(when.getTime() / 1000);
  return [
    'start_time,end_time,amount_value,amount_currency,line_item,project_id,project_name',
    `${seconds(day(1, 2))},${seconds(day(1, 3))},12.3456,usd,"gpt-4o-2024-08-06, input",${project},Prompt packs`,
    `${seconds(day(0, 1))},${seconds(day(0, 2))},7.5,usd,Image models,${project},Prompt packs`,
  ].join('\n');
}

/** Imports a provider's file of revenue and assigns its entries to the experiment by hand. */
async function importRevenue(api: APIRequestContext, provider: string, csv: string, experimentId: number) {
  const response = await api.post('/api/admin/revenue/imports', { data: { provider, source: 'ai', csv } });
  await expectStatus(response, 200);
  for (const entry of (await listRevenue(api)).filter((revenue) => revenue.provider === provider)) {
    const { amount, source, description, date } = entry;
    const edit = { amount, source, description, date: date.slice(0, 10), experimentId };
    await expectStatus(await api.put(`/api/admin/revenue/${entry.id}`, { data: edit }), 200);
  }
}

/** Imports OpenAI's file of costs and gives each of its costs to the experiment. */
async function importCosts(api: APIRequestContext, project: string, experimentId: number) {
  const response = await api.post('/api/admin/costs/imports', {
    data: { format: 'openai', csv: openaiCsv(project), dryRun: false },
  });
  await expectStatus(response, 200);
  const costs = (await (await api.get('/api/admin/costs')).json()) as {
    id: number;
    amount: string;
    date: string;
    category: string;
    description: string;
    externalId: string | null;
  }[];
  for (const cost of costs.filter((each) => each.externalId?.includes(project))) {
    const { amount, category, description } = cost;
    const edit = { amount, category, description, date: cost.date.slice(0, 10), experimentId };
    await expectStatus(await api.put(`/api/admin/costs/${cost.id}`, { data: edit }), 200);
  }
}

/** The figure a card or a page shows beside its label: Revenue, Costs or Profit. */
const figure = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

async function expectFigures(scope: Locator, revenue: string, costs: string, profit: string) {
  await expect(figure(scope, 'Revenue')).toHaveText(revenue);
  await expect(figure(scope, 'Costs')).toHaveText(costs);
  await expect(figure(scope, 'Profit')).toHaveText(profit);
}

const arenaCard = (page: Page) => card(page, 'AI Arena', EXPERIMENT.title);

async function expectKilled(scope: Locator) {
  await expect(scope.getByText('Killed', { exact: true })).toBeVisible();
  await expect(
    scope.getByText(`Killed on ${formatDate(new Date().toISOString())}`, { exact: true }),
  ).toBeVisible();
  await expect(scope.getByText(`Verdict: ${VERDICT}`, { exact: true })).toBeVisible();
}

/** The card and the page on a desktop and a phone, light and dark, kept with the test's output. */
async function screenshots(page: Page, slug: string) {
  await onEachScreen(page, async (screen) => {
    await gotoHydrated(page, '/');
    const shown = arenaCard(page);
    await shown.scrollIntoViewIfNeeded();
    await expect(shown.locator('img')).toHaveJSProperty('complete', true);
    await shown.screenshot({ path: test.info().outputPath(`card-${screen}.png`) });
    await gotoHydrated(page, `/lab/${slug}`);
    await page.screenshot({ path: test.info().outputPath(`page-${screen}.png`), fullPage: true });
  });
}

test('an experiment’s revenue from two providers less its OpenAI costs: its profit on its card and page, killed', async ({
  adminPage: page,
  api,
  axe,
}) => {
  test.setTimeout(150_000); // three imports, a kill in the admin, two privacy levels, nine screenshots
  const tag = uniqueTag('money');
  const experiment = await createExperiment(api, { ...EXPERIMENT, story: 'Two shops, one model bill.' });
  await importRevenue(api, 'stripe', stripeCsv(`ch_${tag}`), experiment.id);
  await importRevenue(api, 'gumroad', gumroadCsv(`${tag}==`), experiment.id);
  await importCosts(api, `proj_${tag}`, experiment.id);
  const milestone = await createMilestone(api, {
    title: 'First team bought a pack',
    description: 'A team of five bought the support pack.',
    date: ymd(day(1, 10)),
    day: 12,
    isRevenue: 0,
    experimentId: experiment.id,
  });

  await gotoHydrated(page, '/');
  const shown = arenaCard(page);
  await shown.scrollIntoViewIfNeeded();
  await expectFigures(shown, REVENUE, COSTS, PROFIT);
  // The seeded experiments have no money yet: zeros, not blanks.
  await expectFigures(card(page, 'AI Arena', 'Solo App Builds'), '$0.00', '$0.00', '$0.00');

  await shown.getByRole('link', { name: EXPERIMENT.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/lab/${experiment.slug}$`));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const figures = page.getByRole('region', { name: 'Figures to date' });
  await expectFigures(figures, REVENUE, COSTS, PROFIT);
  // Month by month: last month's revenue less its first cost, then this month's cost alone.
  const months = figures.getByRole('table', { name: 'Revenue, costs and profit by month' });
  await expect(months.getByRole('row')).toHaveText([
    'MonthRevenueCostsProfit',
    /\$1,749\.99\$12\.35\$1,737\.64$/,
    /\$0\.00\$7\.50−\$7\.50$/,
  ]);
  await expect(figures.getByRole('img', { name: /^Revenue \(bars up\), costs \(bars down\)/ })).toBeVisible();
  // Its milestones, each a link to its own page.
  const milestones = page.getByRole('region', { name: 'Milestones' });
  await expect(milestones.getByRole('link', { name: milestone.title, exact: true })).toHaveAttribute(
    'href',
    milestonePath(milestone),
  );
  await axe();

  // Killed in the admin, with its verdict: marked on its card, its page and in the API, its money kept.
  const experiments = await openAdminTab(page, 'experiments');
  const dialog = await openDialog(page, experiments.edit(EXPERIMENT.title), 'Edit Experiment');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('Killed');
  await dialog.getByRole('textbox', { name: 'Verdict' }).pressSequentially(VERDICT);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await gotoHydrated(page, '/');
  await arenaCard(page).scrollIntoViewIfNeeded();
  await expectKilled(arenaCard(page));
  await expectFigures(arenaCard(page), REVENUE, COSTS, PROFIT);
  await gotoHydrated(page, `/lab/${experiment.slug}`);
  await expectKilled(page.getByRole('article'));
  await expectFigures(page.getByRole('region', { name: 'Figures to date' }), REVENUE, COSTS, PROFIT);
  await axe();
  const listed = (await listExperiments(api)).find((each) => each.id === experiment.id);
  expect(listed).toMatchObject({ state: 'killed', verdict: VERDICT });
  await screenshots(page, experiment.slug);

  // Shown as ranges: the bands and their rule, no month; the same on the card and the page.
  const settings = await getSettings(api);
  await putSettings(api, { ...settings, privacy: { ...settings.privacy, experiments: 'range' } });
  await gotoHydrated(page, '/');
  await arenaCard(page).scrollIntoViewIfNeeded();
  await expectFigures(arenaCard(page), '$1k–$2.5k', 'under $1k', '$1k–$2.5k');
  await expect(
    page.getByText(/^Revenue, costs and profit to date are shown as ranges\. Ranges are bands/),
  ).toBeVisible();
  await gotoHydrated(page, `/lab/${experiment.slug}`);
  const ranged = page.getByRole('region', { name: 'Figures to date' });
  await expectFigures(ranged, '$1k–$2.5k', 'under $1k', '$1k–$2.5k');
  await expect(ranged.getByRole('table')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('1,749.99');
  await axe();
  await page.screenshot({ path: test.info().outputPath('page-range.png'), fullPage: true });
});
