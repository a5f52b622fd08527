import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createRevenue,
  deleteRevenue,
  expectProgress,
  expectToast,
  finalAmount,
  formatCents,
  listRevenue,
  money,
  type RevenueSource,
  revenueSummary,
  section,
  SOURCE_LABELS,
  stillness,
  submitAndSeePending,
  toCents,
  tracker,
  visibleAmount,
} from './support';

declare global {
  interface Window {
    __amounts?: string[];
  }
}

/** Every revenue entry a test here creates has a description starting with this. */
const MARK = 'e2e tracker';

/** The tracker's database is shared by the whole run: remove what the test added. */
async function removeTestRevenue(admin: APIRequestContext) {
  for (const entry of await listRevenue(admin)) {
    if (entry.description.startsWith(MARK)) await deleteRevenue(admin, entry.id);
  }
}

/** Records each text the visible (counting) amount shows, from the first byte of the page on. */
async function recordAmounts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__amounts = seen;
    const record = () => {
      const text = document.querySelector('#tracker span[aria-hidden="true"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => window.__amounts ?? []);
}

const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/**
 * Looks at the tracker's amount, as a reader does, then expects the count to end on `total`. The
 * count runs only while the number is in view, and a click on a button above or below it may scroll
 * it out: Playwright retries a click with the element aligned to an edge of the window.
 */
async function expectCountEndsOn(page: Page, total: string, message?: string) {
  await visibleAmount(page).scrollIntoViewIfNeeded();
  await expect(visibleAmount(page), message).toHaveText(total, { timeout: 5_000 });
}

const filterButton = (page: Page, label: string) =>
  page
    .getByRole('group', { name: 'Filter revenue by source' })
    .getByRole('button', { name: new RegExp(`^${label} \\$`) });

test.describe('tracker', () => {
  test.afterEach(async ({ adminRequest }) => removeTestRevenue(adminRequest));

  test('each filter shows the total of its source as the current progress', async ({
    page,
    adminRequest,
    request,
  }) => {
    await createRevenue(adminRequest, { amount: '7500000', source: 'ai', description: `${MARK} ai` });
    await createRevenue(adminRequest, {
      amount: '2000000',
      source: 'passive',
      description: `${MARK} passive`,
    });
    await createRevenue(adminRequest, {
      amount: '500000.25',
      source: 'consulting',
      description: `${MARK} consulting`,
    });
    const summary = await revenueSummary(request);

    await page.goto('/');
    const choices: [string, string][] = [
      ...(Object.entries(SOURCE_LABELS) as [RevenueSource, string][]).map(
        ([source, label]): [string, string] => [label, summary.bySource[source]],
      ),
      ['All Revenue', summary.totalRevenue],
    ];
    for (const [label, total] of choices) {
      const button = filterButton(page, label);
      await expect(button).toHaveAccessibleName(`${label} ${money(total)}`);
      await button.click();

      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page.getByRole('group', { name: 'Filter revenue by source' }).locator('[aria-pressed="true"]'),
      ).toHaveCount(1);
      await expectProgress(page, total);
      await expectCountEndsOn(page, money(total), 'the counting number ends on the total');
    }
  });

  test('says the figures are self-reported while no payment provider is connected', async ({ page }) => {
    await page.goto('/');
    await expect(
      tracker(page).getByText('Self-reported: no payment provider is connected yet.'),
    ).toBeVisible();
  });

  test('the amount counts up from $0.00 once the tracker scrolls into view', async ({
    page,
    adminRequest,
    request,
  }) => {
    await createRevenue(adminRequest, { amount: '12345.67', source: 'ai', description: `${MARK} count` });
    const total = money((await revenueSummary(request)).totalRevenue);
    // A short window keeps the tracker below the fold.
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 480 });
    const amounts = await recordAmounts(page);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.locator('#tracker')).not.toBeInViewport();
    // The tracker hydrates when the reader heads for it (docs/decisions/047-landing-page-weight.md):
    // until then it is the server's HTML, which shows the final value, as it reads without JavaScript.
    await expect(finalAmount(page), 'screen readers get the final value').toHaveText(total);
    await page.waitForTimeout(1_000);
    await expect(visibleAmount(page), 'no counting while out of view').toHaveText(total);
    expect(await amounts(), 'nothing but the final value while out of view').toEqual([total]);

    await visibleAmount(page).scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await amounts()).includes('$0.00'), { message: 'the count starts at $0.00' })
      .toBe(true);
    await expect(visibleAmount(page)).toHaveText(total, { timeout: 5_000 });

    const seen = await amounts();
    const counted = seen.slice(seen.indexOf('$0.00')).map(dollars);
    expect(counted[0], `amounts shown: ${seen.join(' ')}`).toBe(0);
    expect(counted, 'the count only goes up').toEqual([...counted].sort((a, b) => a - b));
    expect(
      counted.filter((value) => value > 0 && value < dollars(total)).length,
      `several values between $0.00 and ${total} (shown: ${seen.join(' ')})`,
    ).toBeGreaterThan(2);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('the amount shows the final value at once, without counting', async ({
      page,
      adminRequest,
      request,
    }) => {
      await createRevenue(adminRequest, { amount: '12345.67', source: 'ai', description: `${MARK} still` });
      const summary = await revenueSummary(request);
      const allowed = [money(summary.totalRevenue), money(summary.bySource.ai)];
      const amounts = await recordAmounts(page);

      await page.goto('/');
      await visibleAmount(page).scrollIntoViewIfNeeded();
      // The filters answer clicks once the page is hydrated.
      await filterButton(page, 'AI Projects').click();
      await expect(filterButton(page, 'AI Projects')).toHaveAttribute('aria-pressed', 'true');
      await expect(visibleAmount(page)).toHaveText(money(summary.bySource.ai));
      await filterButton(page, 'All Revenue').click();
      await expect(visibleAmount(page)).toHaveText(money(summary.totalRevenue));
      await page.waitForTimeout(500);

      const seen = await amounts();
      expect(seen.length).toBeGreaterThan(0);
      for (const shown of seen) expect(allowed, `amounts shown: ${seen.join(' ')}`).toContain(shown);
    });
  });

  test('a signed-in user sees Add New Revenue and Add New Milestone', async ({ admin: { page }, axe }) => {
    await page.goto('/');

    await expect(tracker(page).getByRole('button', { name: 'Add New Revenue' })).toBeVisible();
    await expect(
      section(page, 'Journey Milestones').getByRole('button', { name: 'Add New Milestone' }),
    ).toBeVisible();
    await axe();
  });

  test('adding revenue through the dialog updates the totals', async ({ admin: { page }, adminRequest }) => {
    const before = await revenueSummary(adminRequest);
    await page.goto('/');

    // The button at the bottom of the window leaves the amount below it out of view, as a click
    // retried by Playwright may: the count must still end on the new total once the reader looks.
    const add = page.getByRole('button', { name: 'Add New Revenue' });
    await add.evaluate((button) => button.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await expect(visibleAmount(page)).not.toBeInViewport();
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Revenue' });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeVisible();

    // Defaults: AI Projects, today.
    const source = dialog.getByRole('combobox', { name: 'Source' });
    await expect(source.locator('option')).toHaveText(['AI Projects', 'Passive Income', 'Consulting']);
    await expect(source).toHaveValue('ai');
    await expect(source.locator('option:checked')).toHaveText('AI Projects');
    await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(
      new Date().toISOString().slice(0, 10),
    );

    // Nothing filled in: the field messages, and nothing is sent.
    await save.click();
    await expect(dialog.getByText('Amount is required.', { exact: true })).toBeVisible();
    await expect(
      dialog.getByText('Description must be at least 5 characters.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('textbox', { name: 'Amount' }).fill('1234.5');
    await source.selectOption({ label: 'Consulting' });
    await dialog.getByRole('textbox', { name: 'Description' }).fill(`${MARK} dialog entry`);
    await expect(dialog.getByText('Amount is required.', { exact: true })).toBeHidden();

    const saving = dialog.getByRole('button', { name: 'Saving...' });
    await submitAndSeePending(save, /\/api\/trpc\/[^?]*revenue\.create/, saving);

    await expectToast(page, 'Revenue added', 'Your revenue entry has been added successfully.');
    await expect(dialog).toBeHidden();

    const added = toCents('1234.50');
    const total = formatCents(toCents(before.totalRevenue) + added);
    const consulting = formatCents(toCents(before.bySource.consulting) + added);
    await expect(filterButton(page, 'All Revenue')).toHaveAccessibleName(`All Revenue ${total}`);
    await expect(filterButton(page, 'Consulting')).toHaveAccessibleName(`Consulting ${consulting}`);
    await expect(filterButton(page, 'AI Projects')).toHaveAccessibleName(
      `AI Projects ${money(before.bySource.ai)}`,
    );
    await expect(finalAmount(page), 'Current Progress').toHaveText(total);
    await expectCountEndsOn(page, total);

    const stored = (await listRevenue(adminRequest)).filter((entry) => entry.description.startsWith(MARK));
    expect(stored).toEqual([
      expect.objectContaining({
        amount: '1234.50',
        source: 'consulting',
        description: `${MARK} dialog entry`,
      }),
    ]);
  });

  test('the Add New Revenue dialog is accessible', async ({ admin: { page }, axe }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add New Revenue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Revenue' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
    await stillness(dialog);

    await axe();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
