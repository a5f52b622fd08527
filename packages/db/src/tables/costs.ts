import {
  CONNECTION_PROVIDERS,
  COST_CATEGORIES,
  COST_IMPORT_FORMATS,
  EXPERIMENT_ASSIGNMENT_KINDS,
} from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf, keysetIndexes } from './columns';
import { experiments } from '../schema';

/**
 * Money per experiment (docs/decisions/082-experiment-money.md): what the journey cost, and which
 * revenue belongs to which experiment. Part of ../schema.ts.
 */

/** One upload of a cost export; undoing it deletes exactly the costs it added. */
export const costImports = pgTable(
  'cost_imports',
  {
    id: serial('id').primaryKey(),
    format: text('format', { enum: COST_IMPORT_FORMATS }).notNull(),
    added: integer('added').notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    createdAt: createdAt(),
    undoneAt: instant('undone_at'),
  },
  (table) => [check('cost_imports_format_valid', isOneOf(table.format, COST_IMPORT_FORMATS))],
);

/** A cost in USD: typed by the owner or imported from a billing export, optionally one experiment's. */
export const costs = pgTable(
  'costs',
  {
    id: serial('id').primaryKey(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    date: instant('date').notNull(),
    category: text('category', { enum: COST_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    experimentId: integer('experiment_id').references(() => experiments.id, { onDelete: 'set null' }),
    /** Set on imported costs: the export's format and its line's id, so a file imported twice adds nothing. */
    format: text('format', { enum: COST_IMPORT_FORMATS }),
    externalId: text('external_id'),
    importId: integer('import_id').references(() => costImports.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('costs_format_external_id_key').on(table.format, table.externalId),
    index('costs_experiment_id_idx').on(table.experimentId),
    index('costs_import_id_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    ...keysetIndexes('costs', [table.date, table.amount, table.category, table.description], table.id),
    check('costs_amount_positive', sql`${table.amount} > 0`),
    check('costs_category_valid', isOneOf(table.category, COST_CATEGORIES)),
    check('costs_format_valid', isOneOf(table.format, COST_IMPORT_FORMATS)),
  ],
);

/**
 * A rule that gives an experiment all the revenue of a connection, or of one product or price a
 * provider names; an entry assigned by hand (`revenues.experiment_id`) wins over a rule.
 */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: CONNECTION_PROVIDERS }).notNull(),
    kind: text('kind', { enum: EXPERIMENT_ASSIGNMENT_KINDS }).notNull(),
    /** The product's or price's id at the provider; empty for a whole connection. */
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('experiment_assignments_target_key').on(table.provider, table.kind, table.value),
    check('experiment_assignments_provider_valid', isOneOf(table.provider, CONNECTION_PROVIDERS)),
    check('experiment_assignments_kind_valid', isOneOf(table.kind, EXPERIMENT_ASSIGNMENT_KINDS)),
    check('experiment_assignments_value_shape', sql`(${table.kind} = 'connection') = (${table.value} = '')`),
  ],
);
