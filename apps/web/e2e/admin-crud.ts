/** The add, validate, edit and delete test every record type of the admin panel goes through. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './admin-server';
import { failWith500, openDialog, SAVE_FAILURE_LOGS, saveAndSeeSaving, trpcCall } from './admin-dialogs';
import {
  expectForm,
  expectRefused,
  fillForm,
  type AdminTab,
  type EntityDescriptor,
  type ListedRecord,
} from './admin-entity';
import { ADMIN_TABS, deleteThroughDialog, openAdminTab } from './admin-tabs';
import { toasts } from './support';

const closeDialog = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toBeHidden();
};

async function expectListed(tab: AdminTab, entity: EntityDescriptor, record: ListedRecord) {
  await expect(tab.rowCount).toHaveText(entity.rowsWithRecord);
  await expect(tab.row(record.rowText).getByRole('cell')).toHaveText(record.cells);
  await expect(tab.edit(record.label)).toBeVisible();
  await expect(tab.remove(record.label)).toBeVisible();
}

const openEdit = (page: Page, tab: AdminTab, entity: EntityDescriptor, record: ListedRecord) =>
  openDialog(page, tab.edit(record.label), `Edit ${entity.name}`);

export function testAddEditDelete(entity: EntityDescriptor) {
  test(entity.title, async ({ adminPage: page, api }) => {
    const { add, edit } = entity;
    let tab = await openAdminTab(page, entity.key);
    await entity.expectInitialTable(tab);
    await expect(tab.table.getByRole('columnheader')).toHaveText(entity.columns);

    // Add: the field messages on bad input first, and nothing is sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (trpcCall(`${entity.key}.create`).test(request.url())) sent.push(request.url());
    });
    const addName = `Add New ${entity.name}`;
    const adding = await openDialog(
      page,
      tab.panel.getByRole('button', { name: addName, exact: true }),
      addName,
    );
    for (const [label, options] of Object.entries(add.options ?? {}))
      await expect(adding.getByRole('combobox', { name: label }).locator('option')).toHaveText(options);
    await expectForm(adding, entity, add.defaults ?? {});
    await add.prepare?.(adding);
    for (const input of add.invalid) await expectRefused(adding, entity, input);
    expect(sent, 'an invalid form sends nothing').toEqual([]);

    await add.beforeFill?.(adding);
    await fillForm(adding, entity, add.fill);
    await add.afterFill?.(adding);
    for (const text of add.clearedMessages ?? [])
      await expect(adding.getByText(text, { exact: true })).toBeHidden();
    await saveAndSeeSaving(page, adding, `${entity.key}.create`);
    const added = toasts(page).filter({ hasText: `${entity.name} added` });
    await expect(added).toBeVisible();
    if (add.toastText) await expect(added).toContainText(add.toastText);
    await expect(adding).toBeHidden();

    await expectListed(tab, entity, add.record);
    expect(await entity.records(api)).toEqual([expect.objectContaining(add.record.stored)]);
    await page.goto('/');
    await entity.expectOnSite(page, 'added');

    // Edit: the dialog is filled from the record, every time it opens.
    tab = await openAdminTab(page, entity.key);
    let editing = await openEdit(page, tab, entity, add.record);
    await expectForm(editing, entity, add.readBack);
    await edit.prepare?.(editing);
    if (edit.abandoned) {
      await fillForm(editing, entity, edit.abandoned);
      await closeDialog(editing);
      editing = await openEdit(page, tab, entity, add.record);
      await expectForm(editing, entity, add.readBack);
    }
    await expectRefused(editing, entity, edit.invalid);
    await fillForm(editing, entity, edit.fill);
    await edit.afterFill?.(editing);
    await saveAndSeeSaving(page, editing, `${entity.key}.update`);
    await expect(toasts(page).filter({ hasText: `${entity.name} updated` })).toBeVisible();
    await expect(editing).toBeHidden();

    await expectListed(tab, entity, edit.record);
    await expect(tab.edit(add.record.label)).toHaveCount(0);
    await expect(tab.row(add.record.rowText)).toHaveCount(0);
    editing = await openEdit(page, tab, entity, edit.record);
    await expectForm(editing, entity, edit.readBack);
    await closeDialog(editing);
    expect(await entity.records(api)).toEqual([expect.objectContaining(edit.record.stored)]);
    await page.goto('/');
    await entity.expectOnSite(page, 'edited');

    // Delete: Cancel keeps it, Delete removes it.
    tab = await openAdminTab(page, entity.key);
    await deleteThroughDialog(page, entity.key, edit.record.label);
    await entity.expectInitialTable(tab);
    expect(await entity.records(api)).toEqual([]);
    await page.goto('/');
    await entity.expectOnSite(page, 'deleted');
  });
}

/** A save of a new record the server fails: the Error toast, and the dialog keeps what was typed. */
export function testFailedSave(entity: EntityDescriptor, input: Record<string, string>) {
  const noun = ADMIN_TABS[entity.key].noun;
  test.describe(() => {
    test.use({ allowedConsoleErrors: [SAVE_FAILURE_LOGS] });

    test(`a failed save of a new ${noun} shows the Error toast and keeps the dialog`, async ({
      adminPage: page,
    }) => {
      const tab = await openAdminTab(page, entity.key);
      const before = await tab.rowCount.textContent();
      const addName = `Add New ${entity.name}`;
      const dialog = await openDialog(
        page,
        tab.panel.getByRole('button', { name: addName, exact: true }),
        addName,
      );
      await fillForm(dialog, entity, input);
      await failWith500(page, `${entity.key}.create`);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();

      const toast = toasts(page).filter({ hasText: 'Error' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(`There was a problem adding your ${noun}.`);
      await expect
        .poll(() => logged.filter((text) => text.startsWith('TRPCClientError: Database is down')).length, {
          message: 'the error is logged to the console (docs/product.md#messages)',
        })
        .toBe(1);
      await expect(dialog).toBeVisible();
      await expectForm(dialog, entity, { Description: input.Description ?? '' });
      await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await expect(tab.rowCount).toHaveText(before!);
    });
  });
}
