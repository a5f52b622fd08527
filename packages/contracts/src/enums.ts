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

/**
 * docs/decisions/076-revenue-provenance.md: the providers the server reads revenue from with a key
 * (connections, syncs and signed webhooks); their ids are the paths' `{provider}`.
 */
export const CONNECTION_PROVIDERS = ['stripe', 'lemonsqueezy', 'paddle', 'polar'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const CONNECTION_PROVIDER_NAMES: Record<ConnectionProvider, string> = {
  stripe: 'Stripe',
  lemonsqueezy: 'Lemon Squeezy',
  paddle: 'Paddle',
  polar: 'Polar',
};

/** How a connection's syncs go: `key-rejected` when the provider refused the key (revoked, expired). */
export const CONNECTION_STATUSES = ['syncing', 'ok', 'failing', 'key-rejected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Where an entry's figures come from: typed in, a CSV export, a provider's API, or its signed webhook. */
export const REVENUE_PROVENANCES = ['manual', 'import', 'sync', 'webhook'] as const;
export type RevenueProvenance = (typeof REVENUE_PROVENANCES)[number];

/**
 * An entry's provider: the import's format for an imported entry (Lemon Squeezy's keeps its older
 * id), the connection for a synced one; null for a manual one.
 */
export type RevenueProvider = ImportProvider | ConnectionProvider;
export const REVENUE_PROVIDERS = [
  ...new Set<RevenueProvider>([...IMPORT_PROVIDERS, ...CONNECTION_PROVIDERS]),
] as readonly RevenueProvider[];

const PROVIDER_NAMES: Record<string, string> = { ...IMPORT_PROVIDER_NAMES, ...CONNECTION_PROVIDER_NAMES };

/** Where an entry came from, in words: 'Self-reported' for a typed one, else the provider and the way. */
export function provenanceLabel(entry: { provenance: RevenueProvenance; provider: string | null }): string {
  const name = (entry.provider && PROVIDER_NAMES[entry.provider]) || 'a provider';
  switch (entry.provenance) {
    case 'manual':
      return 'Self-reported';
    case 'import':
      return `Imported from ${name}`;
    case 'sync':
      return `Synced from ${name}`;
    case 'webhook':
      return `${name} webhook`;
  }
}

/** docs/decisions/043-correction-ledger.md: what a recorded change of a revenue entry did. */
export const REVENUE_CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type RevenueChangeAction = (typeof REVENUE_CHANGE_ACTIONS)[number];

/** docs/decisions/080-recurring-revenue.md: the billing intervals a subscription's price can have. */
export const SUBSCRIPTION_INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

/**
 * docs/decisions/081-experiment-state.md: where an experiment is, beside its status badge. A killed one
 * stays on the page, marked, with its date and verdict.
 */
export const EXPERIMENT_STATES = ['running', 'paused', 'killed'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];
export const EXPERIMENT_STATE_LABELS: Record<ExperimentState, string> = {
  running: 'Running',
  paused: 'Paused',
  killed: 'Killed',
};

/** docs/decisions/082-experiment-money.md: what a cost was spent on. */
export const COST_CATEGORIES = ['ai-models', 'hosting', 'tools', 'marketing', 'other'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const COST_CATEGORY_LABELS: Record<CostCategory, string> = {
  'ai-models': 'AI models',
  hosting: 'Hosting',
  tools: 'Tools',
  marketing: 'Marketing',
  other: 'Other',
};

/** The files the cost import reads: the AI providers' billing exports and a generic CSV. */
export const COST_IMPORT_FORMATS = ['openai', 'anthropic', 'generic'] as const;
export type CostImportFormat = (typeof COST_IMPORT_FORMATS)[number];
/** A format's short name, as the ledger and the lists name an import. */
export const COST_IMPORT_FORMAT_NAMES: Record<CostImportFormat, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  generic: 'Generic file',
};
export const COST_IMPORT_FORMAT_LABELS: Record<CostImportFormat, string> = {
  openai: 'OpenAI (usage or billing export)',
  anthropic: 'Anthropic (usage or billing export)',
  generic: 'Generic (date, amount, description, category, experiment)',
};

/** What a rule assigns to an experiment: all of a connection's revenue, or one product's or price's. */
export const EXPERIMENT_ASSIGNMENT_KINDS = ['connection', 'product', 'price'] as const;
export type ExperimentAssignmentKind = (typeof EXPERIMENT_ASSIGNMENT_KINDS)[number];
