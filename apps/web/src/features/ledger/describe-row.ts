import {
  CONNECTION_PROVIDER_NAMES,
  COST_CATEGORY_LABELS,
  COST_IMPORT_FORMAT_NAMES,
  formatDate,
  IMPORT_PROVIDER_NAMES,
  formatMoney,
  LEDGER_COST_IMPORT,
  LEDGER_CREATED,
  LEDGER_DELETED,
  LEDGER_IMPORT,
  REVENUE_SOURCE_LABELS,
  type LedgerEntity,
  type LedgerEntryValues,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';

/**
 * What a ledger row says, in words: "Created: $50.00, AI, "Consulting call", Jan 2, 2025, self-reported",
 * "Created a cost: $12.00, AI models, "OpenAI usage", Jan 2, 2025, imported from OpenAI"; a private row
 * says what kind of change it was, its values being the owner's (docs/decisions/084-ledger-commitments.md).
 */
export function describeLedgerRow(row: PublishedLedgerRow): string {
  if (row.secret === null) return describePrivateRow(row);
  // A whole import undone names no entry: its old value is the server's sentence about it.
  if (row.field === LEDGER_COST_IMPORT) return `Cost import undone: ${row.old ?? ''}`;
  if (row.field === LEDGER_IMPORT) return `Import undone: ${row.old ?? ''}`;
  const cost = row.entity === 'cost';
  if (row.field === LEDGER_CREATED && row.new)
    return cost ? `Created a cost: ${describeCost(row.new)}` : `Created: ${describeEntry(row.new)}`;
  if (row.field === LEDGER_DELETED && row.old)
    return cost ? `Deleted a cost: ${describeCost(row.old)}` : `Deleted: ${describeEntry(row.old)}`;
  return `${fieldLabel(row)}: ${valueOf(row.entity, row.field, row.old)} → ${valueOf(row.entity, row.field, row.new)}`;
}

function describePrivateRow(row: PublishedLedgerRow): string {
  const what = row.entity === 'cost' ? 'a cost' : 'an entry';
  if (row.field === LEDGER_CREATED) return `Created ${what}`;
  if (row.field === LEDGER_DELETED) return `Deleted ${what}`;
  if (row.field === LEDGER_COST_IMPORT) return 'Cost import undone';
  if (row.field === LEDGER_IMPORT) return 'Import undone';
  return `${fieldLabel(row)} changed`;
}

/** An edited field's name: a revenue entry's (amount, source, description, date) or a cost's. */
const FIELD_LABELS: Record<string, string | undefined> = {
  amount: 'Amount',
  source: 'Source',
  description: 'Description',
  date: 'Date',
  category: 'Category',
  experiment: 'Experiment',
};

/** A cost's field says so ("Cost amount"): the Entry column's id alone does not tell a cost from an entry. */
function fieldLabel(row: Pick<PublishedLedgerRow, 'entity' | 'field'>): string {
  const label = FIELD_LABELS[row.field] ?? row.field;
  return row.entity === 'cost' ? `Cost ${label.toLowerCase()}` : label;
}

function valueOf(entity: LedgerEntity, field: string, value: string | null): string {
  // A cost's experiment is its slug, or none.
  if (value === null) return entity === 'cost' && field === 'experiment' ? 'none' : 'nothing';
  if (field === 'amount') return formatMoney(value);
  if (field === 'date') return formatDate(value);
  if (entity === 'revenue' && field === 'source') return sourceLabel(value);
  if (entity === 'cost' && field === 'category') return categoryLabel(value);
  if (entity === 'cost' && field === 'experiment') return value;
  return `“${value}”`;
}

const PROVIDER_NAMES: Record<string, string | undefined> = {
  ...IMPORT_PROVIDER_NAMES,
  ...CONNECTION_PROVIDER_NAMES,
};

const sourceLabel = (source: string) =>
  (REVENUE_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source;

const categoryLabel = (category: string) =>
  (COST_CATEGORY_LABELS as Record<string, string | undefined>)[category] ?? category;

const formatName = (format: string) =>
  (COST_IMPORT_FORMAT_NAMES as Record<string, string | undefined>)[format] ?? format;

function describeEntry(json: string): string {
  const entry = JSON.parse(json) as LedgerEntryValues;
  const origin =
    entry.provenance === 'manual'
      ? 'self-reported'
      : `${entry.provenance}${entry.provider ? ` from ${PROVIDER_NAMES[entry.provider] ?? entry.provider}` : ''}${entry.externalId ? ` (${entry.externalId})` : ''}`;
  const paid = entry.currency !== 'USD' ? `, paid as ${entry.originalAmount} ${entry.currency}` : '';
  return `${formatMoney(entry.amount)}${paid}, ${sourceLabel(entry.source)}, “${entry.description}”, ${formatDate(entry.date)}, ${origin}`;
}

/** A cost as a created or deleted row carries it (the server's `LedgerCostValues`). */
interface LedgerCostValues {
  amount: string;
  date: string;
  category: string;
  description: string;
  /** The experiment's slug when the row was written, or null. */
  experiment: string | null;
  provenance: string;
  format: string | null;
  externalId: string | null;
}

function describeCost(json: string): string {
  const cost = JSON.parse(json) as LedgerCostValues;
  const experiment = cost.experiment === null ? '' : `, for experiment ${cost.experiment}`;
  const origin =
    cost.provenance === 'manual'
      ? 'entered by hand'
      : `imported${cost.format ? ` from ${formatName(cost.format)}` : ''}`;
  return `${formatMoney(cost.amount)}, ${categoryLabel(cost.category)}, “${cost.description}”, ${formatDate(cost.date)}${experiment}, ${origin}`;
}
