import { z } from 'zod';
import { REVENUE_REASON_MAX } from './constants';
import { REVENUE_CHANGE_ACTIONS } from './enums';
import { LEDGER_ENTITIES } from './ledger-chain';
import { idField, idInput } from './number-fields';
import { isoTimestamp } from './output-fields';
import { hasNoNul } from './text-fields';
import { revenueInput, revenueSchema } from './revenue';

/**
 * docs/decisions/043-correction-ledger.md: the optional reason an admin gives for an edit, a delete or
 * an undo, published in the correction ledger. Blank means none.
 */
export const revenueReasonField = z
  .string({ error: 'Reason must be text.' })
  .trim()
  .max(REVENUE_REASON_MAX, `Reason must be at most ${REVENUE_REASON_MAX} characters.`)
  .refine(hasNoNul, 'Reason must not contain NUL characters.')
  .optional()
  .transform((value) => value || undefined);

const withReason = { reason: revenueReasonField };
/** The edit form's fields: an entry's values and the reason. */
export const revenueEditFields = revenueInput.extend(withReason);
export const revenueEditInput = revenueEditFields.extend({ id: idField });
export const revenueDeleteInput = idInput.extend(withReason);
export const revenueUndoInput = idInput.extend(withReason);

/** An entry's values as a change records them: the amount as its decimal string, the date as ISO 8601. */
export const revenueSnapshotSchema = revenueSchema.pick({
  amount: true,
  source: true,
  description: true,
  date: true,
});
export type RevenueSnapshot = z.infer<typeof revenueSnapshotSchema>;

/**
 * One recorded create, update or delete of a row with a history (an undo is one of them, with
 * `undoOf`): a revenue entry's, named by `revenueId`, or a cost's, named by `costId`.
 */
export function entryChangeSchema<K extends string, S extends z.ZodObject>(idKey: K, snapshot: S) {
  return z.object({
    id: z.number().int(),
    ...({ [idKey]: z.number().int() } as Record<K, z.ZodNumber>),
    action: z.enum(REVENUE_CHANGE_ACTIONS),
    before: snapshot.nullable(),
    after: snapshot.nullable(),
    reason: z.string().nullable(),
    undoOf: z.number().int().nullable().describe('The change this one undid'),
    importId: z.number().int().nullable().describe('The import that made this change'),
    changedAt: isoTimestamp,
  });
}

/**
 * A row deleted by hand, with its last values, for the admin to look at and restore. Typed by the
 * snapshot's shape: `snapshot.extend` on a bare `z.ZodObject` would give `Record<string, unknown>`.
 */
export const deletedEntrySchema = <Shape extends z.ZodRawShape>(snapshot: z.ZodObject<Shape>) =>
  snapshot.extend({
    id: z.number().int(),
    deletedAt: isoTimestamp,
    reason: z.string().nullable().describe('The reason given for the delete'),
  });

export const revenueChangeSchema = entryChangeSchema('revenueId', revenueSnapshotSchema);
export type RevenueChange = z.infer<typeof revenueChangeSchema>;

export const revenueHistorySchema = z.object({ changes: z.array(revenueChangeSchema) });
export type RevenueHistory = z.infer<typeof revenueHistorySchema>;

export const deletedRevenueSchema = deletedEntrySchema(revenueSnapshotSchema);
export type DeletedRevenue = z.infer<typeof deletedRevenueSchema>;

export const revenueCorrectionsSchema = z.object({
  corrections: z.number().int().min(0).describe('Recorded changes published in the correction ledger'),
});

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const privateValue = (what: string) =>
  z.string().nullable().describe(`${what}; null while the owner keeps the row's figure private`);

/** docs/decisions/084-ledger-commitments.md: the chain hashes the commitments, the values open them. */
export const ledgerRowSchema = z.object({
  id: z.number().int(),
  entity: z.enum(LEDGER_ENTITIES).describe('What the row is about: a revenue entry or import, or a cost'),
  entryId: z
    .number()
    .int()
    .nullable()
    .describe('The revenue entry or the cost; null for a row about a whole import'),
  time: isoTimestamp,
  field: z.string(),
  oldCommitment: hex64
    .nullable()
    .describe('SHA-256 (hex) of the JSON array [old, secret]; null when old is null'),
  newCommitment: hex64
    .nullable()
    .describe('SHA-256 (hex) of the JSON array [new, secret]; null when new is null'),
  old: privateValue('The value before'),
  new: privateValue('The value after'),
  secret: privateValue('The row’s secret (64 hex characters), which opens both commitments'),
  reason: z.string().nullable(),
  revealedAt: isoTimestamp
    .nullable()
    .describe('When the owner published the values of this row although its figure is private; not hashed'),
  prevHash: z.string().describe('The previous row’s hash, 64 zeros for the first row'),
  hash: z.string().describe('SHA-256 (hex), see `algorithm`'),
});
export type LedgerRowJson = z.infer<typeof ledgerRowSchema>;

export const publicLedgerSchema = z.object({
  rows: z.array(ledgerRowSchema),
  corrections: z
    .number()
    .int()
    .min(0)
    .describe('Distinct changes the rows publish, and each undone import as one'),
  algorithm: z.string(),
});
export type PublicLedger = z.infer<typeof publicLedgerSchema>;

/** A row of the admin's view of the ledger: its values always, and whether the public sees them. */
export const adminLedgerRowSchema = ledgerRowSchema.extend({
  public: z
    .boolean()
    .describe('Whether ledger.json publishes its values: an exact figure, or a revealed row'),
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRowSchema>;

/** The admin's ledger, newest first, a page at a time. */
export const adminLedgerPageInput = z.object(
  { page: z.number({ error: 'Page must be a number.' }).int().min(1).max(1_000_000).default(1) },
  { error: 'Expected a JSON object.' },
);
export const adminLedgerPageSchema = z.object({
  rows: z.array(adminLedgerRowSchema),
  total: z.number().int().min(0),
  perPage: z.number().int().min(1),
});
export type AdminLedgerPage = z.infer<typeof adminLedgerPageSchema>;

/** A row revealed: its values are public from `revealedAt` on, for good. */
export const ledgerRevealSchema = z.object({ id: z.number().int(), revealedAt: isoTimestamp });
