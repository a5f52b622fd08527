/** The admin panel's form dialogs as its specs drive them, and the landing page they change. */
import { expect, type Locator, type Page } from '@playwright/test';
import { holdRequests, PRODUCT, section, stillness } from './support';

/**
 * What Chromium logs when a save fails: the 500 answer, and the error the app logs
 * (docs/product.md#messages). Only the failure tests allow these.
 */
export const SAVE_FAILURE_LOGS =
  /^(Failed to load resource: the server responded with a status of 500 \(Internal Server Error\)|TRPCClientError: Database is down)/;

/** The URL of a (possibly batched) tRPC call to `procedure` ('revenue.create'). */
export const trpcCall = (procedure: string) => new RegExp(`/api/trpc/[^?]*${procedure.replace('.', '\\.')}`);

/** Makes the server's answer to `procedure` a 500, as tRPC sends it for a batched call. */
export async function failWith500(page: Page, procedure: string) {
  await page.route(trpcCall(procedure), (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([
        {
          error: {
            message: 'Database is down',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      ]),
    }),
  );
}

/** The dialog named `name`, once its (lazily loaded) form shows its Save button and it stands still. */
export async function openDialog(page: Page, opener: Locator, name: string) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await stillness(dialog);
  return dialog;
}

/** Clicks Save, holding the call to see 'Saving...' on a disabled button, then lets it through. */
export async function saveAndSeeSaving(page: Page, dialog: Locator, procedure: string) {
  const gate = await holdRequests(page, trpcCall(procedure));
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await gate.requested;
  await expect(dialog.getByRole('button', { name: 'Saving...', exact: true })).toBeDisabled();
  gate.release();
}

export const fieldMessage = (dialog: Locator, text: string) => dialog.getByText(text, { exact: true });

/** Types a YYYY-MM-DD date into a date field and leaves it (Enter would submit the form). */
export async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
  await expect(field).toHaveValue(value);
}

export const tracker = (page: Page) => section(page, `${PRODUCT} Build Tracker`);

export const sourceButton = (page: Page, label: string, amount: string) =>
  tracker(page).getByRole('button', { name: `${label} ${amount}`, exact: true });

/** The landing page's card (article) whose h3 is `title`, in the section named `sectionName`. */
export const card = (page: Page, sectionName: string, title: string) =>
  section(page, sectionName)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
