import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRevenue, deleteRevenue, listRevenue, money, SOURCE_LABELS } from './support';

interface SeriesPoint {
  date: string;
  ai: string;
  passive: string;
  consulting: string;
  total: string;
}
interface Series {
  range: string;
  bucket: 'day' | 'week' | 'month';
  points: SeriesPoint[];
}

/** Every revenue entry a test here creates has a description starting with this. */
const MARK = 'e2e revenue chart';
const CHART_CHUNK = /\/assets\/(revenue-over-time|revenue-chart)-[^/]*\.js$/;

async function series(request: APIRequestContext, range: string): Promise<Series> {
  const response = await request.get(`/api/revenue/series?range=${range}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Series;
}

/** The first column as the page writes it: "Mar 2025" for months, "Mar 10, 2025" otherwise (UTC). */
const bucketLabel = (date: string, bucket: Series['bucket']) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    year: 'numeric',
    ...(bucket === 'month' ? {} : { day: 'numeric' }),
  });

const rowsOf = (answer: Series) =>
  answer.points.map((point) => [
    bucketLabel(point.date, answer.bucket),
    money(point.ai),
    money(point.passive),
    money(point.consulting),
    money(point.total),
  ]);

async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
    );
}

const chartSection = (page: Page) => page.locator('#revenue-over-time');

test.describe('revenue over time', () => {
  test.beforeEach(async ({ adminRequest }) => {
    // An entry from long ago, so the whole journey has several months whatever else the run wrote.
    await createRevenue(adminRequest, {
      amount: '1234.56',
      source: 'passive',
      description: `${MARK} long ago`,
      date: '2021-03-15',
    });
  });
  test.afterEach(async ({ adminRequest }) => {
    for (const entry of await listRevenue(adminRequest)) {
      if (entry.description.startsWith(MARK)) await deleteRevenue(adminRequest, entry.id);
    }
  });

  test('the server HTML holds the figures of the whole journey', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const all = await series(request, 'all');
    expect(all.points.length).toBeGreaterThan(1);
    const last = all.points.at(-1)!;
    expect(html).toContain('Revenue over time');
    expect(html).toContain(`<th scope="row">${bucketLabel(last.date, 'month')}</th>`);
    expect(html).toContain(money(last.total));
    expect(html).toContain(money(all.points[0]!.total));
  });

  test('loads the chart only near it, switches range, and its table equals the API', async ({
    page,
    request,
    axe,
  }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (CHART_CHUNK.test(new URL(r.url()).pathname)) chunks.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.waitForLoadState('networkidle');
    expect(chunks, 'chart code loaded before the reader got near it').toEqual([]);

    // Before the scroll: the server's table, the same figures as the API.
    const section = chartSection(page);
    const table = section.getByRole('table');
    expect(await tableRows(table)).toEqual(rowsOf(await series(request, 'all')));

    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
    expect(chunks.length).toBeGreaterThan(0);
    await expect(section.getByRole('table')).toHaveCount(0);
    await axe();

    const all = section.getByRole('button', { name: 'All', exact: true });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    // The drawn outline of the top area: it changes with the points.
    const outline = () => section.locator('path.recharts-area-curve').last().getAttribute('d');
    const outlineBefore = await outline();
    expect(outlineBefore).toBeTruthy();

    const asked = page.waitForRequest((r) => r.url().includes('revenue.series') && r.url().includes('90d'));
    await section.getByRole('button', { name: '90 days', exact: true }).click();
    await asked;
    await expect(section.getByRole('button', { name: '90 days', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(outline).not.toEqual(outlineBefore);

    await section.getByRole('button', { name: 'Show as table' }).click();
    const weeks = section.getByRole('table');
    await expect(weeks.getByRole('columnheader', { name: 'Week of' })).toBeVisible();
    for (const label of Object.values(SOURCE_LABELS)) {
      await expect(weeks.getByRole('columnheader', { name: label })).toBeVisible();
    }
    expect(await tableRows(weeks)).toEqual(rowsOf(await series(request, '90d')));
    await axe();

    await section.getByRole('button', { name: 'Show as chart' }).click();
    await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
  });

  test('shows revenue per month by source as bars, and their table equals the running totals’ steps', async ({
    page,
    request,
    adminRequest,
    axe,
  }) => {
    // A month with two sources and a refund-free second month, so the bars differ from the running total.
    await createRevenue(adminRequest, {
      amount: '100.25',
      source: 'ai',
      description: `${MARK} bar`,
      date: '2021-04-02',
    });
    await createRevenue(adminRequest, {
      amount: '40.00',
      source: 'consulting',
      description: `${MARK} bar`,
      date: '2021-04-20',
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const section = chartSection(page);
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Per month' }).click();
    await expect(section.getByRole('button', { name: 'Per month' })).toHaveAttribute('aria-pressed', 'true');
    // No range for the bars: they cover the whole journey.
    await expect(section.getByRole('button', { name: '90 days', exact: true })).toHaveCount(0);
    await expect(
      section.getByRole('figure', { name: /Revenue per month by source: a stacked bar chart/ }),
    ).toBeVisible();
    // Bars drawn: a month without a source has a bar of no height, so look for one that has some.
    const drawnBars = () =>
      section
        .locator('.recharts-bar-rectangle path')
        .evaluateAll((paths) => paths.filter((path) => path.getBoundingClientRect().height > 0).length);
    await expect.poll(drawnBars).toBeGreaterThan(2);
    await axe();

    await section.getByRole('button', { name: 'Show as table' }).click();
    const table = section.getByRole('table', { name: 'Revenue per month by source' });
    await expect(table.getByRole('columnheader', { name: 'Month' })).toBeVisible();
    // Each month: the running totals' step from the month before, computed here in cents.
    const all = await series(request, 'all');
    const cents = (value: string) => Math.round(Number(value) * 100);
    const dollars = (value: number) => money((value / 100).toFixed(2));
    const expected = all.points.map((point, index) => {
      const before = all.points[index - 1];
      const step = (key: 'ai' | 'passive' | 'consulting' | 'total') =>
        dollars(cents(point[key]) - (before ? cents(before[key]) : 0));
      return [
        bucketLabel(point.date, 'month'),
        step('ai'),
        step('passive'),
        step('consulting'),
        step('total'),
      ];
    });
    expect(await tableRows(table)).toEqual(expected);
    expect(expected.find((row) => row[0] === 'Apr 2021')).toEqual([
      'Apr 2021',
      '$100.25',
      '$0.00',
      '$40.00',
      '$140.25',
    ]);
    await axe();
  });

  test('shows the exact amounts of a bucket in the tooltip', async ({ page, request, isMobile }) => {
    await page.goto('/');
    const section = chartSection(page);
    await section.scrollIntoViewIfNeeded();
    const surface = section.locator('svg.recharts-surface').first();
    await expect(surface).toBeVisible();
    const box = (await surface.boundingBox())!;
    // The right edge of the plot: the last bucket, pointed at on a desktop, touched on a phone.
    const [x, y] = [box.x + box.width - 4, box.y + box.height / 2];
    if (isMobile) await page.touchscreen.tap(x, y);
    else await page.mouse.move(x, y);
    const last = (await series(request, 'all')).points.at(-1)!;
    const tooltip = section.locator('.recharts-tooltip-wrapper');
    await expect(tooltip).toContainText(bucketLabel(last.date, 'month'));
    await expect(tooltip).toContainText(`Total${money(last.total)}`);
    await expect(tooltip).toContainText(money(last.passive));
  });
});

test.describe('revenue over time on a fresh database', () => {
  test.use({ baseURL: async ({ freshBaseURL }, use) => use(freshBaseURL) });

  test('says there is no revenue yet instead of an empty chart', async ({ page, axe }) => {
    await page.goto('/');
    const section = chartSection(page);
    await section.scrollIntoViewIfNeeded();
    await expect(
      section.getByText('No revenue logged yet: the chart starts with the first sale.'),
    ).toBeVisible();
    await expect(section.getByRole('table')).toHaveCount(0);
    await expect(section.locator('svg.recharts-surface')).toHaveCount(0);
    await axe();
  });
});
