import { expect, test } from './admin-server';

/*
 * 'Show as table' on a young journey: a table of two rows sits in a box as tall as its rows, with no
 * empty band under it. Runs on a private server, so the journey holds only what this test logs.
 */
test("'Show as table' is as tall as its rows, up to the chart's height", async ({ page, api }) => {
  const today = new Date().toISOString().slice(0, 10);
  for (const [amount, source] of [
    ['120.00', 'ai'],
    ['80.50', 'consulting'],
  ] as const) {
    const response = await api.post('/api/revenue', {
      data: { amount, source, description: 'e2e table view sale', date: today },
    });
    expect(response.status()).toBe(201);
  }

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const section = page.locator('#revenue-over-time');
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
  const chartBox = (await section.locator('svg.recharts-surface').first().boundingBox())!;

  await section.getByRole('button', { name: 'Show as table' }).click();
  const region = section.getByRole('region', { name: /Cumulative revenue by source/ });
  const table = region.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and this month
  const regionBox = (await region.boundingBox())!;
  const tableBox = (await table.boundingBox())!;
  expect(regionBox.height, 'no empty band under the table').toBeLessThanOrEqual(tableBox.height + 2);
  expect(regionBox.height).toBeLessThan(chartBox.height);

  await section.getByRole('button', { name: 'Show as chart' }).click();
  await expect(section.locator('svg.recharts-surface').first()).toBeVisible();
});
