import { recordOf } from './records';

export const REVENUE_SOURCES = ['ai', 'passive', 'consulting'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

export type PerSource<T> = Record<RevenueSource, T>;

/** One value per revenue source, in the sources' order: a summary's totals, a query's sums, a schema's fields. */
export function perSource<T>(valueOf: (source: RevenueSource) => T): PerSource<T> {
  return recordOf(REVENUE_SOURCES, valueOf);
}

export const REVENUE_SOURCE_LABELS: Record<RevenueSource, string> = {
  ai: 'AI Projects',
  passive: 'Passive Income',
  consulting: 'Consulting',
};

/** The source in a table cell: a capitalised word; "ai" is an acronym, so it reads "AI". */
export const REVENUE_SOURCE_SHORT_LABELS: Record<RevenueSource, string> = {
  ai: 'AI',
  passive: 'Passive',
  consulting: 'Consulting',
};

export const EXPERIMENT_STATUSES = ['Active', 'Popular', 'Flagship'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/**
 * docs/decisions/018-experiments-from-the-server.md: the one status colour map, for add and edit alike.
 * `className` is the text-colour class the spec stores in `statusColor`;
 * `color` is the matching Mantine palette name used by the web app.
 */
export const STATUS_COLORS = {
  Active: { className: 'text-green-500', color: 'green' },
  Popular: { className: 'text-blue-500', color: 'blue' },
  Flagship: { className: 'text-pink-500', color: 'pink' },
} as const satisfies Record<ExperimentStatus, { className: string; color: string }>;

export const MILESTONE_TYPES = [0, 1] as const;
export type MilestoneType = (typeof MILESTONE_TYPES)[number];
export const MILESTONE_TYPE_LABELS: Record<MilestoneType, string> = { 0: 'Milestone', 1: 'Revenue' };

/** docs/decisions/044-provider-imports.md: the payment providers whose CSV exports the revenue tab imports. */
export const IMPORT_PROVIDERS = ['stripe', 'lemon-squeezy', 'paddle', 'gumroad', 'generic'] as const;
export type ImportProvider = (typeof IMPORT_PROVIDERS)[number];

/** A provider by name, as the import list and the ledger's row about an undone import write it. */
export const IMPORT_PROVIDER_NAMES: Record<ImportProvider, string> = {
  stripe: 'Stripe',
  'lemon-squeezy': 'Lemon Squeezy',
  paddle: 'Paddle',
  gumroad: 'Gumroad',
  generic: 'Generic',
};

/** The import dialog's choices: the generic format says which columns it reads. */
export const IMPORT_PROVIDER_LABELS: Record<ImportProvider, string> = {
  ...IMPORT_PROVIDER_NAMES,
  generic: 'Generic (date, amount, description, id)',
};

/** docs/decisions/043-correction-ledger.md: what a recorded change of a revenue entry did. */
export const REVENUE_CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type RevenueChangeAction = (typeof REVENUE_CHANGE_ACTIONS)[number];
