import type { Locator, Page } from '@playwright/test';
import { expect } from './admin-server';
import { adminTab } from './admin-tabs';

// What the Costs tab's specs share.

const costsTab = (page: Page) => adminTab(page, 'Costs', 'Costs', 'cost');

export async function openCostsTab(page: Page) {
  await page.goto('/admin?tab=costs');
  const tab = costsTab(page);
  await expect(tab.tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab.rowCount).toBeVisible();
  return tab;
}

/** Types into a field key by key, as a person does, replacing what it held. */
export async function typeInto(field: Locator, text: string) {
  await field.clear();
  await field.pressSequentially(text);
}
