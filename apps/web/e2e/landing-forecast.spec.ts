import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { createRevenue, getSettings, putSettings } from './records';
import { gotoHydrated } from './support';

/*
 * The computed figures on the landing page (docs/decisions/045-computed-figures-on-the-landing-page.md):
 * the forecast line under the progress bar, the stat cards the owner switches to computed figures, each
 * saying how it is calculated in a popover reachable by keyboard, and the log-scale view toward $1B.
 */

/** `YYYY-MM-01`, `offset` months from this one (UTC). */
function monthStart(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/** Nine months growing exactly 25 % a month: $100.00, $125.00, $156.25, … */
async function growingHistory(api: APIRequestContext) {
  for (let index = 0; index < 9; index++) {
    const amount = (100 * 1.25 ** index).toFixed(2);
    await createRevenue(api, {
      amount,
      source: 'ai',
      description: `Month ${index + 1} of AI sales`,
      date: monthStart(index - 8),
    });
  }
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

async function forecastMonth(api: APIRequestContext): Promise<string> {
  const metrics = await (await api.get('/api/revenue/metrics')).json();
  expect(metrics.monthlyGrowthRate).toBe(0.25);
  return monthName(metrics.forecast.reachesTargetIn);
}

const statCard = (page: Page, label: string) => page.locator('#tracker').getByRole('group', { name: label });

test.describe('the computed figures on the landing page', () => {
  test('the forecast line is in the server-rendered page, and says so when there is no pace to project', async ({
    api,
    playwright,
    baseURL,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const html = async () => (await anonymous.get('/')).text();
    expect(await html()).toContain('No forecast yet: it takes three complete months of revenue');

    for (const [index, amount] of ['300.00', '200.00', '100.00', '50.00'].entries())
      await createRevenue(api, {
        amount,
        source: 'passive',
        description: 'A shrinking month',
        date: monthStart(index - 3),
      });
    expect(await html()).toContain('Not at the current pace');

    for (const entry of await (await api.get('/api/revenues/all')).json())
      expect((await api.delete(`/api/admin/revenue/${entry.id}`)).status()).toBe(204);
    await growingHistory(api);
    expect(await html()).toContain(`At +25 %/month, $1B in ${await forecastMonth(api)}`);
    // A new install keeps the spec's cards until the owner switches.
    expect(await html()).toContain('+27% monthly');
    await anonymous.dispose();
  });

  test('the owner switches the stat cards to computed figures on the Site tab; each explains itself by keyboard', async ({
    adminPage: page,
    api,
    axe,
  }) => {
    await growingHistory(api);
    await gotoHydrated(page, '/admin?tab=site');
    const panel = page.getByRole('tabpanel', { name: 'Site', exact: true });
    await panel.getByRole('switch', { name: 'Computed stat cards' }).check();
    const target = panel.getByRole('textbox', { name: 'Forecast target month' });
    await target.pressSequentially('2015-01');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(panel.getByText('Forecast target cannot be a past month.')).toBeVisible();
    await target.fill('');
    await target.pressSequentially('2034-03');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    expect((await getSettings(api)).forecastTargetMonth).toBe('2034-03');
    const metrics = await (await api.get('/api/revenue/metrics')).json();
    expect(metrics.forecast.targetMonth).toBe('2034-03');

    await gotoHydrated(page, '/');
    await expect(statCard(page, 'Revenue Sources')).toContainText('1');
    await expect(statCard(page, 'Growth Rate')).toContainText('+25% monthly');
    await expect(statCard(page, 'Time Elapsed')).toContainText(`${metrics.daysElapsed} days`);
    await expect(page.locator('#tracker')).not.toContainText('+27% monthly');
    await expect(page.getByTestId('forecast-line')).toContainText(
      `At +25 %/month, $1B in ${await forecastMonth(api)}`,
    );

    // Keyboard only: focus the card's button, open its popover, read it, close it with Escape.
    const how = page.getByRole('button', { name: 'How is Growth Rate calculated?' });
    await how.focus();
    await page.keyboard.press('Enter');
    const note = page.getByRole('note').filter({ hasText: 'How Growth Rate is calculated' });
    await expect(note).toBeVisible();
    await expect(note).toContainText('Compound monthly growth over the last three complete months');
    await axe();
    await page.keyboard.press('Escape');
    await expect(note).toBeHidden();
    await expect(how).toBeFocused();

    await putSettings(api, { ...(await getSettings(api)), computedStats: false });
    await page.reload();
    await expect(statCard(page, 'Growth Rate')).toContainText('+27% monthly');
  });

  test('the log-scale view draws the running total and the dashed projection to $1B, or lists them as a table', async ({
    adminPage: page,
    api,
    axe,
  }) => {
    await growingHistory(api);
    await gotoHydrated(page, '/');
    const section = page.locator('#revenue-over-time');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Toward $1B (log scale)' }).click();
    const figure = section.getByRole('figure', { name: /running total on a log scale/ });
    await expect(figure).toBeVisible();
    await expect(figure.locator('.recharts-line-curve')).toHaveCount(2);
    await expect(figure.locator('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveCount(1);
    await expect(figure.getByText('$1B').first()).toBeVisible();
    await axe();

    await section.getByRole('button', { name: 'Show as table' }).click();
    const table = section.getByRole('table');
    await expect(table.getByRole('row')).not.toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: 'Logged' })).toHaveCount(9);
    const last = table.getByRole('row').last();
    await expect(last).toContainText('Projected');
    await expect(last).toContainText(await forecastMonth(api));
  });
});
