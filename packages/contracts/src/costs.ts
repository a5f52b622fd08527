import { z } from 'zod';
import { pastDateField } from './date-fields';
import { enumField } from './enum-field';
import { COST_CATEGORIES, COST_CATEGORY_LABELS, COST_IMPORT_FORMATS } from './enums';
import { moneyField } from './money-fields';
import { idField } from './number-fields';
import { decimalString, isoTimestamp } from './output-fields';
import { textField } from './text-fields';

/**
 * docs/decisions/082-experiment-money.md: what the journey cost, in USD, typed by the owner or imported
 * from a billing export. The same money, date and text rules as a revenue entry (decisions 015, 016).
 */
export const COST_DESCRIPTION_MIN = 2;
export const COST_DESCRIPTION_MAX = 500;

export const costCategory = enumField('Category', COST_CATEGORIES);

/** An experiment's id, or none: empty, null or missing give null. */
export const experimentIdField = z
  .union([z.number(), z.string(), z.null()], { error: 'Experiment must be an experiment’s id.' })
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const result = idField.safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue({ code: 'custom', message: 'Experiment must be an experiment’s id.', input: value });
    return z.NEVER;
  });

export const costInput = z.object(
  {
    amount: moneyField(),
    date: pastDateField(),
    category: costCategory,
    description: textField({ label: 'Description', min: COST_DESCRIPTION_MIN, max: COST_DESCRIPTION_MAX }),
    experimentId: experimentIdField,
  },
  { error: 'Expected a JSON object.' },
);
export type CostInput = z.input<typeof costInput>;
export type CostValues = z.output<typeof costInput>;

export const costUpdateInput = costInput.extend({ id: idField });

/** The message of a cost naming an experiment that does not exist (a 400 on `experimentId`). */
export const UNKNOWN_EXPERIMENT_MESSAGE = 'Experiment not found: pick one of the experiments.';

export const costSchema = z.object({
  id: z.number().int(),
  amount: decimalString.describe('In USD'),
  date: isoTimestamp,
  category: z.enum(COST_CATEGORIES),
  description: z.string(),
  experimentId: z.number().int().nullable(),
  /** Set on an imported cost: the export it came from, its line's id there, and the import. */
  format: z.enum(COST_IMPORT_FORMATS).nullable(),
  externalId: z.string().nullable(),
  importId: z.number().int().nullable(),
});
export type Cost = z.infer<typeof costSchema>;

/** A category as a file may write it: its slug or its label, in any case; null when it is neither. */
export function costCategoryOf(text: string): (typeof COST_CATEGORIES)[number] | null {
  const wanted = text.trim().toLowerCase();
  return (
    COST_CATEGORIES.find(
      (category) => category === wanted || COST_CATEGORY_LABELS[category].toLowerCase() === wanted,
    ) ?? null
  );
}
