import { DELETE_WARNINGS } from '@journey/contracts/constants';
import { expect, type Page } from '@playwright/test';

/**
 * One tab of the admin panel's Data Management card: the tab, its panel and what the panel holds.
 * `caption` is the table's caption ('Revenue entries'); `noun` names one row in the action buttons.
 */
export function adminTab(page: Page, tab: string, caption: string, noun: string) {
  const panel = page.getByRole('tabpanel', { name: tab, exact: true });
  const table = panel.getByRole('table', { name: caption, exact: true });
  return {
    tab: page.getByRole('tab', { name: tab, exact: true }),
    panel,
    table,
    filter: panel.getByRole('textbox', { name: `Filter ${caption.toLowerCase()}`, exact: true }),
    /** The body rows (an empty table has one row holding its empty-state text). */
    rows: table.locator('tbody tr'),
    /** The body row whose cells include `text` exactly. */
    row: (text: string) =>
      table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: text, exact: true }) }),
    rowCount: panel.getByText(/^\d[\d,]* rows?( · updating…)?$/),
    pageOf: panel.getByText(/^Page \d+ of \d+$/),
    previous: panel.getByRole('button', { name: 'Previous', exact: true }),
    next: panel.getByRole('button', { name: 'Next', exact: true }),
    sortBy: (column: string) => table.getByRole('button', { name: column, exact: true }),
    header: (column: string) => table.getByRole('columnheader', { name: column, exact: true }),
    edit: (rowLabel: string) => panel.getByRole('button', { name: `Edit ${noun} ${rowLabel}`, exact: true }),
    remove: (rowLabel: string) =>
      panel.getByRole('button', { name: `Delete ${noun} ${rowLabel}`, exact: true }),
  };
}

/** The four tabs of the Data Management card: `?tab=` value → tab label, table caption, row noun. */
export const ADMIN_TABS = {
  milestones: { label: 'Milestones', caption: 'Milestones', noun: 'milestone' },
  revenue: { label: 'Revenue', caption: 'Revenue entries', noun: 'revenue entry' },
  experiments: { label: 'Experiments', caption: 'Experiments', noun: 'experiment' },
  subscribers: { label: 'Subscribers', caption: 'Subscribers', noun: 'subscriber' },
} as const;
export type AdminTabKey = keyof typeof ADMIN_TABS;

export const tabOf = (page: Page, key: AdminTabKey) =>
  adminTab(page, ADMIN_TABS[key].label, ADMIN_TABS[key].caption, ADMIN_TABS[key].noun);

/**
 * Opens /admin on `key`'s tab and waits for its rows: the table loads in the browser (the server
 * renders only the spinner), so once the row count shows, the page is hydrated and answers clicks.
 */
export async function openAdminTab(page: Page, key: AdminTabKey) {
  await page.goto(`/admin?tab=${key}`);
  const tab = tabOf(page, key);
  await expect(tab.tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab.rowCount).toBeVisible();
  return tab;
}

/**
 * Deletes the row through the confirmation: Cancel first (the row stays), then Delete (it goes).
 * The dialog says what the delete really does (a revenue entry can be restored). Focus then lands on
 * the next row's Delete, the previous row's, or, with no row left, the tab's add button (the
 * table itself where the tab has none): never the page body nor a container.
 */
export async function deleteThroughDialog(page: Page, key: AdminTabKey, rowLabel: string) {
  const tab = tabOf(page, key);
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });

  await tab.remove(rowLabel).click();
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(DELETE_WARNINGS[ADMIN_TABS[key].noun], { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.remove(rowLabel), 'Cancel keeps the row').toBeVisible();

  await tab.remove(rowLabel).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.remove(rowLabel)).toHaveCount(0);
  await expect
    .poll(
      () =>
        tab.panel.evaluate((panel) => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'body';
          if (!panel.contains(active)) return `outside: ${active.outerHTML.slice(0, 120)}`;
          const interactive = active.matches('button, a[href], input, table');
          return interactive ? 'on a control in the tab panel' : `on ${active.outerHTML.slice(0, 120)}`;
        }),
      { message: 'after the delete, focus is on a control of the tab panel' },
    )
    .toBe('on a control in the tab panel');
}
