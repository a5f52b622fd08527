import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createMilestone, createRevenue, deleteMilestone, deleteRevenue, toasts, uniqueTag } from './support';

/*
 * Each chunk has the CSS of the Mantine components it renders (src/mantine-styles/, one module per
 * chunk), not all of @mantine/core/styles.css. A forgotten import shows as an element carrying a Mantine class (`m_…`)
 * that no loaded stylesheet styles: these tests look for one on every page and in every overlay.
 */

const require = createRequire(import.meta.url);

/** The classes Mantine's complete stylesheets style: the ones a page can be missing. */
const MANTINE_CLASSES = new Set(
  ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css'].flatMap(
    (file) =>
      [...readFileSync(require.resolve(file), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1]!),
  ),
);

/** Mantine classes on the page that no loaded stylesheet has a rule for, with the element's Mantine name. */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) styled.add(match[1]!);
        }
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);

    const missing = new Map<string, string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      for (const name of Array.from(element.classList)) {
        if (!/^m_[0-9a-f]+$/.test(name) || styled.has(name)) continue;
        const mantineName = Array.from(element.classList).find((other) => other.startsWith('mantine-'));
        missing.set(name, mantineName ?? element.tagName.toLowerCase());
      }
    }
    return [...missing];
  });
  return found.filter(([name]) => MANTINE_CLASSES.has(name)).map(([name, element]) => `${name} (${element})`);
}

async function expectStyled(page: Page, where: string) {
  expect(await unstyledMantineClasses(page), `Mantine classes without their CSS: ${where}`).toEqual([]);
}

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

test.describe('Mantine styles of each chunk', () => {
  test('the landing page, its newsletter errors and its menu', async ({ page, isMobile }) => {
    await gotoHydrated(page, '/');
    await expectStyled(page, '/');

    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Please agree to receive updates.')).toBeVisible();
    await expectStyled(page, 'the newsletter with errors');

    if (isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expectStyled(page, 'the menu');
    }
  });

  test('the sign-in page', async ({ page }) => {
    await gotoHydrated(page, '/auth');
    await expectStyled(page, '/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectStyled(page, '/auth, Register');
  });

  test.describe('the not-found page', () => {
    // The document itself answers 404, which Chromium reports on the console.
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404 /],
    });

    test('is styled', async ({ page }) => {
      await gotoHydrated(page, '/no-such-page');
      await expectStyled(page, 'the not-found page');
    });
  });

  test.describe('signed in', () => {
    const mark = 'e2e styles';
    test.afterEach(async ({ adminRequest }) => {
      const revenue = (await (await adminRequest.get('/api/revenues/all')).json()) as {
        id: number;
        description: string;
      }[];
      for (const entry of revenue)
        if (entry.description.startsWith(mark)) await deleteRevenue(adminRequest, entry.id);
      const milestones = (await (await adminRequest.get('/api/milestones')).json()) as {
        id: number;
        title: string;
      }[];
      for (const milestone of milestones) {
        if (milestone.title.startsWith(mark)) await deleteMilestone(adminRequest, milestone.id);
      }
    });

    test("the landing page's dialogs and date picker", async ({ admin: { page } }) => {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: 'Add New Revenue' }).click();
      const revenueDialog = page.getByRole('dialog', { name: 'Add New Revenue' });
      await expect(revenueDialog.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectStyled(page, 'Add New Revenue');
      await revenueDialog.getByRole('textbox', { name: 'Date' }).click();
      const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      await expect(page.getByText(month, { exact: true })).toBeVisible();
      await expectStyled(page, 'the date picker');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(revenueDialog).toBeHidden();

      await page.getByRole('button', { name: 'Add New Milestone' }).click();
      const milestoneDialog = page.getByRole('dialog', { name: 'Add New Milestone' });
      await expect(milestoneDialog.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectStyled(page, 'Add New Milestone');
    });

    test('a milestone page', async ({ page, adminRequest }, testInfo) => {
      const milestone = await createMilestone(adminRequest, {
        title: `${mark} ${uniqueTag(testInfo.project.name)}`,
        description: 'A milestone page for the style checks.',
        date: '2024-05-01',
        day: 8,
        isRevenue: 1,
        amount: '25',
      });
      await gotoHydrated(page, `/milestones/${milestone.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(milestone.title);
      await expectStyled(page, 'a milestone page');
    });

    test('the admin panel, its dialogs and toasts', async ({ admin: { page }, adminRequest }, testInfo) => {
      const tag = uniqueTag(testInfo.project.name);
      await createRevenue(adminRequest, { amount: '12.34', source: 'ai', description: `${mark} ${tag}` });
      await createMilestone(adminRequest, {
        title: `${mark} ${tag}`,
        description: 'A milestone for the style checks.',
        date: '2024-05-01',
        day: 7,
        isRevenue: 0,
      });

      for (const tab of [
        'milestones',
        'revenue',
        'experiments',
        'subscribers',
        'newsletter',
        'embed',
        'site',
        'account',
      ]) {
        await gotoHydrated(page, `/admin?tab=${tab}`);
        await expect(page.getByRole('tab', { selected: true })).toBeVisible();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        await expectStyled(page, `/admin?tab=${tab}`);
      }

      // The revenue tab's own dialogs: the CSV import and an entry's history.
      await gotoHydrated(page, '/admin?tab=revenue');
      await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
      const importDialog = page.getByRole('dialog', { name: 'Import CSV' });
      await expect(importDialog.getByRole('button', { name: 'Preview' })).toBeVisible();
      await expectStyled(page, 'Import CSV');
      await importDialog.getByRole('button', { name: 'Close dialog' }).click();
      await page
        .getByRole('button', { name: /^History of revenue entry \$12\.34 / })
        .first()
        .click();
      const history = page.getByRole('dialog', { name: /^History of revenue entry/ });
      await expect(history.getByRole('button', { name: 'Undo last change' })).toBeVisible();
      await expectStyled(page, 'the history of a revenue entry');
      await history.getByRole('button', { name: 'Close dialog' }).click();

      await gotoHydrated(page, '/admin?tab=milestones');
      await page.getByRole('button', { name: `Edit milestone ${mark} ${tag} (day 7)` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Milestone' });
      await expect(edit.getByRole('button', { name: 'Save' })).toBeVisible();
      await expectStyled(page, 'Edit Milestone');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(toasts(page).first()).toBeVisible();
      await expectStyled(page, 'a toast');

      // Opened and closed only: this server's admin password must stay as it is.
      await page.getByRole('banner').getByRole('button', { name: 'Change password' }).click();
      const password = page.getByRole('dialog', { name: 'Change password' });
      await expect(password.getByRole('button', { name: 'Change password' })).toBeVisible();
      await expectStyled(page, 'Change password');
      await password.getByRole('button', { name: 'Cancel' }).click();
      await expect(password).toBeHidden();

      await page.getByRole('button', { name: `Delete milestone ${mark} ${tag} (day 7)` }).click();
      await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
      await expectStyled(page, 'the delete confirmation');
    });
  });
});
