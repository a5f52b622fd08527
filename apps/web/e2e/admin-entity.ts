/**
 * One record type of the admin panel (revenue, milestones, experiments) described as data: its form
 * fields, the values to type, the messages bad input gets, and where the landing page shows it.
 * admin-crud.ts runs the same add, validate, edit and delete test on each description.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { tabOf } from './admin-tabs';
import { fieldMessage, fillDate } from './admin-dialogs';

/** How a form field is found and set: a textbox, a date typed into one, a select (by label), a radio group. */
export type FieldKind = 'text' | 'date' | 'select' | 'radio';

/** Field label → value: typed (or chosen) when filling, expected when reading the form back. */
export type FormValues = Record<string, string>;

/** Input the form refuses: the messages shown (and gone) once Save is clicked; nothing is sent. */
export interface InvalidInput {
  fill: FormValues;
  shown: string[];
  hidden?: string[];
  /** Fields marked aria-invalid. */
  invalid?: string[];
}

/** A record as the admin table lists it. */
export interface ListedRecord {
  /** The label of its row's Edit and Delete buttons. */
  label: string;
  /** A cell that names its row. */
  rowText: string;
  cells: string[];
  /** What the API then returns for it. */
  stored: Record<string, unknown>;
}

export type AdminTab = ReturnType<typeof tabOf>;

export interface EntityDescriptor {
  /** The admin tab, and the tRPC router: `${key}.create`, `${key}.update`. */
  key: 'revenue' | 'milestones' | 'experiments';
  /** The title of its add, edit and delete test. */
  title: string;
  /** The word in its dialogs and toasts: 'Add New Revenue', 'Revenue updated'. */
  name: string;
  fields: Record<string, FieldKind>;
  columns: string[];
  /** The row count once the record is added (and after it is edited). */
  rowsWithRecord: string;
  /** The records the tests made, through the API (the seeded experiments are not). */
  records(api: APIRequestContext): Promise<unknown[]>;
  /** The table before the record is added and after it is deleted. */
  expectInitialTable(tab: AdminTab): Promise<void>;
  add: {
    /** What the empty Add dialog shows, and its select options. */
    defaults?: FormValues;
    options?: Record<string, string[]>;
    /** Checks and steps of this dialog alone, before the input is checked. */
    prepare?(dialog: Locator): Promise<void>;
    invalid: InvalidInput[];
    /** Steps between the refused input and the valid one. */
    beforeFill?(dialog: Locator): Promise<void>;
    fill: FormValues;
    afterFill?(dialog: Locator): Promise<void>;
    /** Messages gone once the valid input is in, before Save. */
    clearedMessages?: string[];
    /** Text of the "added" toast besides its title. */
    toastText?: string;
    record: ListedRecord;
    /** The form read back in the Edit dialog. */
    readBack: FormValues;
  };
  edit: {
    /** Checks of the Edit dialog besides its values. */
    prepare?(dialog: Locator): Promise<void>;
    /** A change made and then abandoned by closing the dialog: the next opening shows the record. */
    abandoned?: FormValues;
    invalid: InvalidInput;
    fill: FormValues;
    afterFill?(dialog: Locator): Promise<void>;
    record: ListedRecord;
    readBack: FormValues;
  };
  /** The landing page after each step. */
  expectOnSite(page: Page, step: 'added' | 'edited' | 'deleted'): Promise<void>;
}

const field = (dialog: Locator, label: string, kind: FieldKind) => {
  if (kind === 'select') return dialog.getByRole('combobox', { name: label });
  if (kind === 'radio') return dialog.getByRole('radiogroup', { name: label });
  return dialog.getByRole('textbox', { name: label });
};

export async function fillForm(dialog: Locator, entity: EntityDescriptor, values: FormValues) {
  for (const [label, value] of Object.entries(values)) {
    const kind = entity.fields[label] ?? 'text';
    const input = field(dialog, label, kind);
    if (kind === 'select') await input.selectOption({ label: value });
    else if (kind === 'radio') await input.getByText(value, { exact: true }).click();
    else if (kind === 'date') await fillDate(input, value);
    else await input.fill(value);
  }
}

export async function expectForm(dialog: Locator, entity: EntityDescriptor, values: FormValues) {
  for (const [label, value] of Object.entries(values)) {
    const kind = entity.fields[label] ?? 'text';
    const input = field(dialog, label, kind);
    if (kind === 'radio') await expect(input.getByRole('radio', { name: value })).toBeChecked();
    else await expect(input).toHaveValue(value);
  }
}

/** Fills `input` in, clicks Save and checks the messages. */
export async function expectRefused(dialog: Locator, entity: EntityDescriptor, input: InvalidInput) {
  await fillForm(dialog, entity, input.fill);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  for (const text of input.shown) await expect(fieldMessage(dialog, text)).toBeVisible();
  for (const text of input.hidden ?? []) await expect(fieldMessage(dialog, text)).toBeHidden();
  for (const label of input.invalid ?? [])
    await expect(field(dialog, label, entity.fields[label] ?? 'text')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
}
