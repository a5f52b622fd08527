import { IMPORT_PROVIDERS, REVENUE_CHANGE_ACTIONS, REVENUE_SOURCES } from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf } from './columns';

/**
 * The revenue entries' history, the public correction ledger and the provider imports
 * (docs/decisions/043-correction-ledger.md, 044-provider-imports.md), part of ../schema.ts.
 */

/** One upload of a provider's CSV export; undoing it deletes exactly the entries it added. */
export const revenueImports = pgTable(
  'revenue_imports',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: IMPORT_PROVIDERS }).notNull(),
    source: text('source', { enum: REVENUE_SOURCES }).notNull(),
    added: integer('added').notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    createdAt: createdAt(),
    undoneAt: instant('undone_at'),
  },
  (table) => [
    check('revenue_imports_provider_valid', isOneOf(table.provider, IMPORT_PROVIDERS)),
    check('revenue_imports_source_valid', isOneOf(table.source, REVENUE_SOURCES)),
  ],
);

/**
 * Every create, update and delete of a revenue entry or a cost, written in the transaction of the
 * write: the row's values before and after (null for a create's before and a delete's after). Exactly
 * one of `revenue_id` and `cost_id` is set (docs/decisions/084-ledger-commitments.md, "Costs in the
 * ledger"). No foreign key: the history of a deleted row stays.
 */
export const revenueChanges = pgTable(
  'revenue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    revenueId: integer('revenue_id'),
    costId: integer('cost_id'),
    action: text('action', { enum: REVENUE_CHANGE_ACTIONS }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    /** The change this one undid, when it is an undo. */
    undoOf: bigint('undo_of', { mode: 'number' }),
    /** The import that made this change, when one did. */
    importId: integer('import_id'),
    changedAt: instant('changed_at').notNull().defaultNow(),
  },
  (table) => [
    index('revenue_changes_revenue_id_id_idx').on(table.revenueId, table.id),
    index('revenue_changes_cost_id_id_idx')
      .on(table.costId, table.id)
      .where(sql`${table.costId} is not null`),
    check('revenue_changes_action_valid', isOneOf(table.action, REVENUE_CHANGE_ACTIONS)),
    check('revenue_changes_one_row', sql`(${table.revenueId} is null) <> (${table.costId} is null)`),
  ],
);

/**
 * The public ledger (docs/decisions/079-ledger-of-every-write.md): a row per creation or deletion of an
 * entry, and a row per field an edit changed. `hash` is the SHA-256 of the row's id, its published
 * fields and `prevHash` (the previous row's hash), so a rewritten row breaks the chain from there on.
 * Appended only through `appendLedger`.
 */
export const revenueLedger = pgTable(
  'revenue_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a row about a whole import (its undo), which names no single entry. */
    revenueId: integer('revenue_id'),
    /** The recorded change this row publishes a field of: one correction, however many fields. */
    changeId: bigint('change_id', { mode: 'number' }).references(() => revenueChanges.id),
    changedAt: instant('changed_at').notNull(),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    reason: text('reason'),
    /** Set instead of `revenueId` on a row about a cost (decision 082): one ledger, one chain. */
    costId: integer('cost_id'),
    /**
     * The row's secret salt (docs/decisions/083-privacy-per-figure.md): the chain hashes the SHA-256
     * commitments of `oldValue` and `newValue` with it, so a value kept private still verifies. Never
     * published for a row whose figure the owner keeps private, unless the owner reveals the row.
     */
    secret: text('secret'),
    /** When the owner published this row's values although its figure is private. */
    revealedAt: instant('revealed_at'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    check('revenue_ledger_hash_hex', sql`${table.hash} ~ '^[0-9a-f]{64}$'`),
    // An entry's rows (is its creation published?) and a change's rows (what counts as a correction).
    index('revenue_ledger_revenue_id_field_idx').on(table.revenueId, table.field),
    index('revenue_ledger_change_id_idx').on(table.changeId),
  ],
);
