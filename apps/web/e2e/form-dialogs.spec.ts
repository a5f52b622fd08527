import type { Locator, Page } from '@playwright/test';
import { isImageAddress } from '@journey/contracts';
import { expect, test } from './admin-server';
import { openAdminTab, type AdminTabKey } from './admin-tabs';
import {
  contrastRatio,
  createMilestone,
  createRevenue,
  getSettings,
  putSettings,
  stillness,
} from './support';

// The admin's dialogs: where the focus lands, the milestone's day suggestion and layout, the
// experiment image preview; each changed dialog passes axe in both schemes. Runs on a private
// database (admin-server.ts), reset before each test.

/** Opens a dialog by clicking `opener` and waits until its form shows and it stands still. */
async function openDialog(page: Page, opener: Locator, name: string, submit = 'Save') {
  await opener.click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog.getByRole('button', { name: submit, exact: true })).toBeVisible();
  await stillness(dialog);
  return dialog;
}

const closeDialog = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
};

interface DialogCase {
  tab: AdminTabKey;
  opener: (panel: Locator) => Locator;
  name: string;
  firstField: string;
}

const DIALOGS: DialogCase[] = [
  {
    tab: 'revenue',
    opener: (panel) => panel.getByRole('button', { name: 'Add New Revenue', exact: true }),
    name: 'Add New Revenue',
    firstField: 'Amount',
  },
  {
    tab: 'revenue',
    opener: (panel) => panel.getByRole('button', { name: /^Edit revenue entry / }),
    name: 'Edit Revenue',
    firstField: 'Amount',
  },
  {
    tab: 'milestones',
    opener: (panel) => panel.getByRole('button', { name: 'Add New Milestone', exact: true }),
    name: 'Add New Milestone',
    firstField: 'Title',
  },
  {
    tab: 'milestones',
    opener: (panel) => panel.getByRole('button', { name: /^Edit milestone / }),
    name: 'Edit Milestone',
    firstField: 'Title',
  },
  {
    tab: 'experiments',
    opener: (panel) => panel.getByRole('button', { name: 'Add New Experiment', exact: true }),
    name: 'Add New Experiment',
    firstField: 'Title',
  },
  {
    tab: 'experiments',
    opener: (panel) => panel.getByRole('button', { name: 'Edit experiment AI Startup Studio', exact: true }),
    name: 'Edit Experiment',
    firstField: 'Title',
  },
];

async function seedRows(api: Parameters<typeof createRevenue>[0]) {
  await createRevenue(api, { amount: '1250.5', source: 'ai', description: 'Focus me', date: '2024-03-15' });
  await createMilestone(api, {
    title: 'Focused',
    description: 'A milestone to edit.',
    date: '2024-01-01',
    day: 1,
    isRevenue: 1,
    amount: '100',
  });
}

test.describe('first focus', () => {
  test('every add and edit dialog puts the focus on its first field, on the first and a later opening', async ({
    adminPage: page,
    api,
  }) => {
    await seedRows(api);
    for (const { tab, opener, name, firstField } of DIALOGS) {
      const { panel } = await openAdminTab(page, tab);
      for (const opening of ['first', 'second']) {
        const dialog = await openDialog(page, opener(panel).first(), name);
        await expect(
          dialog.getByRole('textbox', { name: firstField, exact: true }),
          `${name}, ${opening} opening`,
        ).toBeFocused();
        await closeDialog(dialog);
      }
    }
  });

  test('the change-password dialog focuses the current password', async ({ adminPage: page }) => {
    await openAdminTab(page, 'milestones');
    const dialog = await openDialog(
      page,
      page.getByRole('banner').getByRole('button', { name: 'Change password', exact: true }),
      'Change password',
      'Change password',
    );
    await expect(dialog.getByRole('textbox', { name: 'Current password', exact: true })).toBeFocused();
  });
});

/** Opens an admin tab's 'Add New …' dialog. */
async function openAddDialog(page: Page, tab: 'milestones' | 'experiments', title: string) {
  const { panel } = await openAdminTab(page, tab);
  return openDialog(page, panel.getByRole('button', { name: title, exact: true }), title);
}

/** Opens the milestones tab's Add New Milestone dialog: its Day and Date fields. */
async function openAddMilestone(page: Page) {
  const dialog = await openAddDialog(page, 'milestones', 'Add New Milestone');
  return {
    day: dialog.getByRole('textbox', { name: 'Day', exact: true }),
    date: dialog.getByRole('textbox', { name: 'Date', exact: true }),
  };
}

test.describe('the milestone day', () => {
  test("on a new install the journey starts today: today's milestone is offered day 1, saying why, and Date and Day sit level", async ({
    adminPage: page,
  }) => {
    const { day, date } = await openAddMilestone(page);
    await expect(day).toHaveAccessibleDescription(
      /^Suggested from the date: day 1 is the journey's start, \w{3} \d{1,2}, \d{4}\.$/,
    );
    // The journey starts on the install day: the day the worker's server started, which a run that
    // crosses midnight UTC sees as yesterday, and then today is day 2.
    const hint = await day.evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    const start = Date.parse(`${/start, (\w{3} \d{1,2}, \d{4})\./.exec(hint)?.[1]} UTC`);
    const now = new Date();
    const daysSinceStart =
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - start) / 86_400_000;
    expect([0, 1], 'the install day is today, or yesterday after midnight UTC').toContain(daysSinceStart);
    await expect(day).toHaveValue(String(daysSinceStart + 1));

    const [dateBox, dayBox] = [(await date.boundingBox())!, (await day.boundingBox())!];
    expect(Math.abs(dateBox.y - dayBox.y), 'the inputs share a top edge').toBeLessThanOrEqual(0.5);
    expect(Math.abs(dateBox.height - dayBox.height), 'and a height').toBeLessThanOrEqual(0.5);
  });

  test("the day counts from the Site tab's journey start, as the hint says", async ({
    adminPage: page,
    api,
  }) => {
    await putSettings(api, { ...(await getSettings(api)), journeyStartDate: '2024-01-01' });
    const { day, date } = await openAddMilestone(page);
    await expect(day).toHaveAccessibleDescription(
      "Suggested from the date: day 1 is the journey's start, Jan 1, 2024.",
    );
    await date.clear();
    await date.pressSequentially('2024-01-10', { delay: 20 });
    await expect(day).toHaveValue('10');
  });
});

const TYPED_IMAGE = '/og-image.jpg';
// The preview waits for typing to pause (400 ms). A busy machine can pause between two keys, and then
// that prefix, a path the form accepts, is fetched and 404s: allowed, as only a prefix of the address.
const TYPED_PREFIXES = Array.from({ length: TYPED_IMAGE.length - 1 }, (_, end) =>
  TYPED_IMAGE.slice(0, end + 1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
);

/** Opens the Add New Experiment dialog and empties its Image URL field. */
async function openEmptyImageUrl(page: Page) {
  const dialog = await openAddDialog(page, 'experiments', 'Add New Experiment');
  const imageUrl = dialog.getByRole('textbox', { name: 'Image URL' });
  await imageUrl.clear();
  return { dialog, imageUrl };
}

test.describe('the experiment image preview', () => {
  test.use({
    allowedConsoleErrors: [
      new RegExp(`status of 404 \\(Not Found\\) \\(at http://[^/]+(${TYPED_PREFIXES.join('|')}):0\\)$`),
    ],
  });

  test('asks the server only for an address the form accepts', async ({ adminPage: page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') requested.push(new URL(request.url()).pathname);
    });
    const { dialog, imageUrl } = await openEmptyImageUrl(page);
    await imageUrl.pressSequentially('not a url', { delay: 20 });
    await expect(
      dialog.getByText('No preview: this is not a valid image URL.', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Preview of the experiment image' })).toHaveCount(0);
    expect(requested.filter((path) => path.includes('not'))).toEqual([]);

    await imageUrl.clear();
    await imageUrl.pressSequentially(TYPED_IMAGE, { delay: 20 });
    const preview = dialog.getByRole('img', { name: 'Preview of the experiment image' });
    await expect(preview).toHaveAttribute('src', TYPED_IMAGE);
    await expect(preview).toBeVisible();
    expect(requested).toContain(TYPED_IMAGE);
    expect(requested.filter((path) => !isImageAddress(path))).toEqual([]);
  });

  test("previews the finished address after a slow typist's prefixes failed to load", async ({
    adminPage: page,
  }) => {
    const { dialog, imageUrl } = await openEmptyImageUrl(page);
    // Slower than the preview's pause, so each prefix is fetched and fails before the next key.
    await imageUrl.pressSequentially(TYPED_IMAGE, { delay: 450 });
    const preview = dialog.getByRole('img', { name: 'Preview of the experiment image' });
    await expect(preview).toHaveAttribute('src', TYPED_IMAGE);
    await expect(preview).toHaveJSProperty('complete', true);
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByText('No preview: the image could not be loaded.')).toHaveCount(0);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('the newsletter placeholder keeps its readable colour when the field shows an error', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      const email = page.getByRole('textbox', { name: 'Email address' });
      const colours = () =>
        email.evaluate((input) => {
          const style = getComputedStyle(input);
          let background = style.backgroundColor;
          for (let node: Element | null = input; node && /rgba\(.*, 0\)|transparent/.test(background);) {
            node = node.parentElement;
            if (node) background = getComputedStyle(node).backgroundColor;
          }
          return {
            placeholder: getComputedStyle(input, '::placeholder').color,
            border: style.borderTopColor,
            background,
          };
        });
      const before = await colours();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      const message = page.getByText('Email is required.', { exact: true });
      await expect(message).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      const after = await colours();
      const errorColour = await message.evaluate((element) => getComputedStyle(element).color);

      expect(after.placeholder, 'the placeholder stays as it was').toBe(before.placeholder);
      expect(contrastRatio(after.placeholder, after.background)).toBeGreaterThanOrEqual(4.5);
      // The border eases into the error colour.
      await expect
        .poll(async () => (await colours()).border, { message: 'the border turns to the error colour' })
        .toBe(errorColour);
    });

    test('the changed dialogs pass axe, with and without their messages', async ({
      adminPage: page,
      api,
      axe,
    }, testInfo) => {
      // A hang guard: six dialogs, each scanned twice; a machine busy with builds took over two minutes.
      test.setTimeout(240_000);
      await seedRows(api);
      for (const { tab, opener, name } of DIALOGS) {
        const { panel } = await openAdminTab(page, tab);
        const dialog = await openDialog(page, opener(panel).first(), name);
        const dateField = dialog.getByRole('textbox', { name: 'Date' });
        const field = dateField.or(dialog.getByRole('textbox', { name: 'Title' })).first();
        await field.focus();
        // A focused date field opens its calendar, which fades in: axe must see its final colours.
        const calendar = page.locator('[data-dates-dropdown]');
        const dateFocused =
          (await dateField.count()) > 0 &&
          (await dateField.evaluate((element) => element === document.activeElement));
        if (dateFocused) {
          await expect(calendar).toBeVisible();
          await stillness(calendar);
        }
        // The scan covers the dialogs; the tables behind them belong to the admin panel's own specs.
        await axe({ exclude: ['[role="tabpanel"]'] });
        await page.screenshot({ path: testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`) });
        const firstField = dialog.getByRole('textbox').first();
        await firstField.clear();
        await dialog.getByRole('button', { name: 'Save', exact: true }).click();
        await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
        await stillness(dialog);
        if (await calendar.isVisible()) await stillness(calendar);
        await axe({ exclude: ['[role="tabpanel"]'] });
        await page.screenshot({ path: testInfo.outputPath(`${name.replaceAll(' ', '-')}-errors.png`) });
        await closeDialog(dialog);
      }
    });
  });
}
