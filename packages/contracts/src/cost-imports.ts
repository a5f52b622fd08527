import { z } from 'zod';
import { COST_CATEGORIES, COST_IMPORT_FORMATS } from './enums';
import { enumField } from './enum-field';
import { idField } from './number-fields';
import { decimalString, isoTimestamp } from './output-fields';
import { importLineSchema, revenueImportInput } from './revenue-imports';

/**
 * docs/decisions/082-experiment-money.md: a billing export (OpenAI, Anthropic) or the generic
 * `date,amount,description,category,experiment` file into costs. The file's limits and checks are the
 * revenue import's (docs/decisions/044-provider-imports.md).
 */
export const costImportInput = z.object(
  {
    format: enumField('Format', COST_IMPORT_FORMATS),
    csv: revenueImportInput.shape.csv,
    dryRun: revenueImportInput.shape.dryRun,
  },
  { error: 'Expected a JSON object.' },
);
export type CostImportRequest = z.input<typeof costImportInput>;

/** A row the import would add, as the preview lists it. */
export const costImportRowSchema = z.object({
  line: z.number().int(),
  date: isoTimestamp,
  amount: decimalString,
  category: z.enum(COST_CATEGORIES),
  description: z.string(),
  experimentId: z.number().int().nullable(),
  externalId: z.string(),
});
export type CostImportRow = z.infer<typeof costImportRowSchema>;

/**
 * The dry run's answer: the rows it would add (the first 1,000; `add` counts them all), the rows
 * already imported or repeated in the file (`duplicate`), the rows refused with their line and reason,
 * and the sum of the rows to add.
 */
export const costImportPreviewSchema = z.object({
  add: z.number().int(),
  rows: z.array(costImportRowSchema),
  duplicate: z.number().int(),
  /** Rows with nothing to record: less than half a cent. */
  skipped: z.number().int(),
  errors: z.array(importLineSchema),
  total: decimalString,
});
export type CostImportPreview = z.infer<typeof costImportPreviewSchema>;

/** The import's answer: what it added. */
export const costImportResultSchema = z.object({
  id: z.number().int(),
  added: z.number().int(),
  total: decimalString,
});
export type CostImportResult = z.infer<typeof costImportResultSchema>;

export const costImportAnswerSchema = z.union([costImportPreviewSchema, costImportResultSchema]);

/** One import in the list: what it added, and when it was undone if it was. */
export const costImportSchema = costImportResultSchema.extend({
  format: z.enum(COST_IMPORT_FORMATS),
  createdAt: isoTimestamp,
  undoneAt: isoTimestamp.nullable(),
});
export type CostImport = z.infer<typeof costImportSchema>;

/** The undo's answer: the costs it removed and their total. */
export const costImportUndoSchema = z.object({
  id: z.number().int(),
  removed: z.number().int(),
  total: decimalString,
});
export type CostImportUndo = z.infer<typeof costImportUndoSchema>;

export const costImportIdInput = z.object({ id: idField }, { error: 'Expected a JSON object.' });
