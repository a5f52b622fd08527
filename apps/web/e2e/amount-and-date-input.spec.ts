import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './admin-server';
import { openAdminTab, type AdminTabKey } from './admin-tabs';
import { listMilestones, listRevenue, stillness } from './support';

// What the admin types into an amount or a date is what the field shows and what is sent: the
// shared schema accepts it or says why not under the field. Runs on a private database
// (admin-server.ts), emptied of revenue and milestones before each test.

const DIALOGS = {
  revenue: { opener: 'Add New Revenue', procedure: 'revenue.create' },
  milestones: { opener: 'Add New Milestone', procedure: 'milestones.create' },
} as const satisfies Partial<Record<AdminTabKey, { opener: string; procedure: string }>>;

/** Opens the tab's add dialog and waits until its lazily loaded form stands still. */
async function openAddDialog(page: Page, key: keyof typeof DIALOGS) {
  const tab = await openAdminTab(page, key);
  const name = DIALOGS[key].opener;
  await tab.panel.getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await stillness(dialog);
  return { tab, dialog };
}

/** Every input the page sends to `procedure` (tRPC batches wrap each in `{"0": …}`). */
function sentInputs(page: Page, procedure: string): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes(`/api/trpc/${procedure}`)) return;
    const body = request.postDataJSON() as Record<string, Record<string, unknown>>;
    inputs.push(body['0'] ?? body);
  });
  return inputs;
}

/** Types like a person, one key at a time, after emptying the field. */
async function typeKeys(field: Locator, text: string) {
  await field.clear();
  await field.pressSequentially(text, { delay: 20 });
}

const message = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true });

const save = (dialog: Locator) => dialog.getByRole('button', { name: 'Save', exact: true }).click();

/** Types `typed` into the amount key by key and saves: it shows as typed, the dialog closes, and it is sent as typed. */
async function saveTypedAmount(
  dialog: Locator,
  amount: Locator,
  typed: string,
  sent: Record<string, unknown>[],
) {
  await typeKeys(amount, typed);
  await expect(amount).toHaveValue(typed);
  await save(dialog);
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([expect.objectContaining({ amount: typed })]);
}

test.describe('amounts are kept as typed', () => {
  test('revenue: 1,250.00 typed key by key is shown, sent and listed as $1,250.00', async ({
    adminPage: page,
    api,
  }) => {
    const sent = sentInputs(page, DIALOGS.revenue.procedure);
    const { tab, dialog } = await openAddDialog(page, 'revenue');
    const amount = dialog.getByRole('textbox', { name: 'Amount' });

    // A decimal comma would be a silent 100x error: it is refused, as typed, and nothing is sent.
    await typeKeys(amount, '12,5');
    await expect(amount).toHaveValue('12,5');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Comma amounts');
    await save(dialog);
    await expect(message(dialog, 'Amount must be a valid number.')).toBeVisible();
    await expect(amount).toHaveValue('12,5');
    expect(sent).toEqual([]);

    await saveTypedAmount(dialog, amount, '1,250.00', sent);
    await expect(tab.rows.first().getByRole('cell').nth(1)).toHaveText('$1,250.00');
    expect((await listRevenue(api)).map((entry) => entry.amount)).toEqual(['1250.00']);
  });

  test('milestone: a revenue amount typed key by key is sent as typed and stored exactly', async ({
    adminPage: page,
    api,
  }) => {
    const sent = sentInputs(page, DIALOGS.milestones.procedure);
    const { dialog } = await openAddDialog(page, 'milestones');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('First big month');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A month of real customers.');
    await dialog.getByRole('radiogroup', { name: 'Type' }).getByText('Revenue', { exact: true }).click();
    const amount = dialog.getByRole('textbox', { name: 'Revenue Amount' });

    await typeKeys(amount, '1,2345');
    await save(dialog);
    await expect(message(dialog, 'Revenue amount must be a valid number.')).toBeVisible();
    expect(sent).toEqual([]);

    await saveTypedAmount(dialog, amount, '12,345.60', sent);
    expect((await listMilestones(api)).map((milestone) => milestone.amount)).toEqual(['12345.60']);
  });
});

test.describe('typed dates are accepted as typed or refused with a message', () => {
  for (const key of ['revenue', 'milestones'] as const) {
    test(`${key}: a typed date is never rewritten`, async ({ adminPage: page }) => {
      const sent = sentInputs(page, DIALOGS[key].procedure);
      const { dialog } = await openAddDialog(page, key);
      const date = dialog.getByRole('textbox', { name: 'Date' });
      await expect(date).toHaveAccessibleDescription(/YYYY-MM-DD, from 2000-01-01 to today/);

      for (const [typed, refusal] of [
        ['14/06/2026', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
        ['2026-13-45', 'Date must be a valid date (YYYY-MM-DD or ISO 8601).'],
        ['2031-01-01', 'Date cannot be in the future.'],
        ['1999-05-05', 'Date cannot be before 2000-01-01.'],
      ] as const) {
        await typeKeys(date, typed);
        await date.blur();
        await expect(date, `${typed} stays as typed`).toHaveValue(typed);
        await save(dialog);
        await expect(message(dialog, refusal), `${typed} is refused`).toBeVisible();
        await expect(date).toHaveValue(typed);
      }
      expect(sent, 'a refused date sends nothing').toEqual([]);

      await typeKeys(date, '2024-03-15');
      await date.blur();
      await expect(date).toHaveValue('2024-03-15');
      await expect(dialog.getByText(/^Date (must|cannot)/)).toHaveCount(0);
    });
  }
});

// docs/decisions/060-admin-onboarding-and-honest-dates.md: a form takes dates up to its reader's own
// today, typed or picked; the server, which cannot know the zone, up to the latest day on Earth.
const localDay = (page: Page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const day = new Date();
    day.setDate(day.getDate() + offset);
    return day.toLocaleDateString('en-CA');
  }, offsetDays);

test.describe("no date after the reader's today, west of UTC", () => {
  test.use({ timezoneId: 'America/Los_Angeles' });
  for (const key of ['revenue', 'milestones'] as const) {
    test(`${key}: tomorrow typed key by key is refused, and the calendar does not offer it`, async ({
      adminPage: page,
    }) => {
      const sent = sentInputs(page, DIALOGS[key].procedure);
      const { dialog } = await openAddDialog(page, key);
      const date = dialog.getByRole('textbox', { name: 'Date' });
      const tomorrow = await localDay(page, 1);
      await typeKeys(date, tomorrow);
      await save(dialog);
      await expect(message(dialog, 'Date cannot be in the future.'), `${tomorrow} is refused`).toBeVisible();
      await expect(date).toHaveValue(tomorrow);
      expect(sent, 'a refused date sends nothing').toEqual([]);

      await typeKeys(date, await localDay(page));
      await expect(dialog.getByText(/^Date (must|cannot)/)).toHaveCount(0);
      // The calendar's last day is today: tomorrow, if this month shows it, is disabled.
      const calendar = page.locator('[data-dates-dropdown]');
      const dayName = new Date(`${tomorrow}T12:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const next = calendar.getByRole('button', { name: dayName, exact: true });
      if (tomorrow.slice(0, 7) === (await localDay(page)).slice(0, 7)) await expect(next).toBeDisabled();
    });
  }
});

test.describe('the latest day on Earth, in the earliest time zone', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test('revenue: today at UTC+14 is taken by the form and by the server', async ({
    adminPage: page,
    api,
  }) => {
    const { dialog } = await openAddDialog(page, 'revenue');
    const today = await localDay(page);
    await typeKeys(dialog.getByRole('textbox', { name: 'Amount' }), '10');
    await typeKeys(dialog.getByRole('textbox', { name: 'Description' }), 'Sold at dawn in Kiribati');
    await typeKeys(dialog.getByRole('textbox', { name: 'Date' }), today);
    await save(dialog);
    await expect(dialog).toBeHidden();
    expect((await listRevenue(api)).map((entry) => entry.date.slice(0, 10))).toEqual([today]);
  });
});

test.describe('the date picker opened from the keyboard', () => {
  for (const key of ['revenue', 'milestones'] as const) {
    test(`${key}: stays whole inside the window`, async ({ adminPage: page }) => {
      const { dialog } = await openAddDialog(page, key);
      // Tab from the field before the date into it, as a keyboard user does.
      await dialog.getByRole('textbox', { name: 'Description' }).focus();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('textbox', { name: 'Date' })).toBeFocused();

      const dropdown = page.locator('[data-dates-dropdown]');
      await expect(dropdown).toBeVisible();
      await expect(dropdown.getByRole('button', { name: /\d{1,2} \w+ \d{4}/ }).last()).toBeVisible();
      const viewport = page.viewportSize()!;
      await expect
        .poll(async () => {
          const box = (await dropdown.boundingBox())!;
          return {
            left: box.x >= 0,
            top: box.y >= 0,
            right: box.x + box.width <= viewport.width,
            bottom: box.y + box.height <= viewport.height,
          };
        })
        .toEqual({ left: true, top: true, right: true, bottom: true });
    });
  }
});
