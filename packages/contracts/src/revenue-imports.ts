import { z } from 'zod';
import { IMPORT_PROVIDERS } from './enums';
import { enumField } from './enum-field';
import { idField } from './number-fields';
import { decimalString, isoTimestamp } from './output-fields';
import { revenueSource } from './revenue';

/**
 * docs/decisions/044-provider-imports.md: importing a payment provider's CSV export into the revenue
 * entries. The limits hold for the browser's check and the server's alike.
 */
export const IMPORT_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/**
 * Bounds of one row (docs/decisions/054-imports-as-providers-write-them.md): the parser's work on one
 * record grows faster than its length, and the providers' rows hold a few dozen columns and a few
 * kilobytes. A transaction id longer than any provider's cannot be indexed.
 */
export const IMPORT_MAX_COLUMNS = 1_000;
export const IMPORT_MAX_ROW_CHARS = 65_536;
export const IMPORT_EXTERNAL_ID_MAX = 255;
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than 10 MB; split it into smaller exports.';
export const IMPORT_NOT_TEXT_MESSAGE = 'The file is not a CSV text file.';

/** NUL bytes, or bytes that were not UTF-8 (decoded as U+FFFD), mean a binary file. */
export const looksBinary = (text: string) => text.includes('\u0000') || text.includes('\uFFFD');

export const revenueImportInput = z.object(
  {
    provider: enumField('Provider', IMPORT_PROVIDERS),
    source: revenueSource,
    csv: z
      .string({ error: (iss) => (iss.input == null ? 'A CSV file is required.' : 'The CSV must be text.') })
      .superRefine((csv, ctx) => {
        if (new TextEncoder().encode(csv).length > IMPORT_CSV_MAX_BYTES)
          ctx.addIssue({ code: 'custom', message: IMPORT_TOO_LARGE_MESSAGE });
        else if (looksBinary(csv)) ctx.addIssue({ code: 'custom', message: IMPORT_NOT_TEXT_MESSAGE });
        else if (csv.trim() === '') ctx.addIssue({ code: 'custom', message: 'The file is empty.' });
      }),
    dryRun: z.boolean({ error: 'dryRun must be true or false.' }).default(false),
  },
  { error: 'Expected a JSON object.' },
);
export type RevenueImportRequest = z.input<typeof revenueImportInput>;

/** A row's problem, at its physical line in the file (the header is line 1). */
export const importLineSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportLine = z.infer<typeof importLineSchema>;

/** A row the import would add, as the preview lists it. */
export const importRowSchema = z.object({
  line: z.number().int(),
  date: isoTimestamp,
  amount: decimalString,
  description: z.string(),
  externalId: z.string(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * The dry run's answer: counts of rows, the rows it would add (the first 1,000; `add` counts them all),
 * then the rows left out and the rows in error.
 */
/** An entry imported before that a newer export reports refunded since: its amount now, or null (refunded in full). */
export const importChangeSchema = z.object({
  line: z.number().int(),
  externalId: z.string(),
  entryId: z.number().int(),
  from: decimalString,
  to: decimalString.nullable(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const revenueImportPreviewSchema = z.object({
  add: z.number().int(),
  rows: z.array(importRowSchema),
  /** Entries already imported whose payment was refunded since, in part or in full. */
  update: z.number().int(),
  changes: z.array(importChangeSchema),
  duplicate: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importLineSchema),
  skippedReasons: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The sum of the rows to add. */
  total: decimalString,
});
export type RevenueImportPreview = z.infer<typeof revenueImportPreviewSchema>;

export const revenueImportResultSchema = z.object({
  id: z.number().int(),
  added: z.number().int(),
  total: decimalString,
});

/** The import's answer: what it added, and how many entries imported before it corrected. */
export const revenueImportStoredSchema = revenueImportResultSchema.extend({ corrected: z.number().int() });
export type RevenueImportStored = z.infer<typeof revenueImportStoredSchema>;
export type RevenueImportResult = z.infer<typeof revenueImportResultSchema>;

export const revenueImportAnswerSchema = z.union([revenueImportPreviewSchema, revenueImportStoredSchema]);

/** One import in the list: what it added, and when it was undone if it was. */
export const revenueImportSchema = revenueImportResultSchema.extend({
  provider: z.enum(IMPORT_PROVIDERS),
  source: z.enum(revenueSource.options),
  createdAt: isoTimestamp,
  undoneAt: isoTimestamp.nullable(),
});
export type RevenueImport = z.infer<typeof revenueImportSchema>;

/** The undo's answer: the entries it removed and their total. */
export const revenueImportUndoSchema = revenueImportResultSchema
  .omit({ added: true })
  .extend({ removed: z.number().int() });
export type RevenueImportUndo = z.infer<typeof revenueImportUndoSchema>;

export const revenueImportIdInput = z.object({ id: idField }, { error: 'Expected a JSON object.' });
