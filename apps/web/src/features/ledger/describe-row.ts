import {
  CONNECTION_PROVIDER_NAMES,
  formatDate,
  IMPORT_PROVIDER_NAMES,
  formatMoney,
  LEDGER_CREATED,
  LEDGER_DELETED,
  REVENUE_SOURCE_LABELS,
  type LedgerEntryValues,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';

/**
 * What a ledger row says, in words: "Created: $50.00, AI, "Consulting call", Jan 2, 2025, self-reported";
 * a private row says what kind of change it was, its values being the owner's
 * (docs/decisions/084-ledger-commitments.md).
 */
export function describeLedgerRow(row: PublishedLedgerRow): string {
  if (row.secret === null) return describePrivateRow(row);
  if (row.field === LEDGER_CREATED && row.new) return `Created: ${describeEntry(row.new)}`;
  if (row.field === LEDGER_DELETED && row.old) return `Deleted: ${describeEntry(row.old)}`;
  if (row.field === 'import') return `Import undone: ${row.old ?? ''}`;
  return `${FIELD_LABELS[row.field] ?? row.field}: ${valueOf(row.field, row.old)} → ${valueOf(row.field, row.new)}`;
}

function describePrivateRow(row: PublishedLedgerRow): string {
  const what = row.entity === 'cost' ? 'a cost' : 'an entry';
  if (row.field === LEDGER_CREATED) return `Created ${what}`;
  if (row.field === LEDGER_DELETED) return `Deleted ${what}`;
  if (row.field === 'import') return 'Import undone';
  return `${FIELD_LABELS[row.field] ?? row.field} changed`;
}

const FIELD_LABELS: Record<string, string> = {
  amount: 'Amount',
  source: 'Source',
  description: 'Description',
  date: 'Date',
};

function valueOf(field: string, value: string | null): string {
  if (value === null) return 'nothing';
  if (field === 'amount') return formatMoney(value);
  if (field === 'date') return formatDate(value);
  if (field === 'source') return sourceLabel(value);
  return `“${value}”`;
}

const PROVIDER_NAMES: Record<string, string | undefined> = {
  ...IMPORT_PROVIDER_NAMES,
  ...CONNECTION_PROVIDER_NAMES,
};

const sourceLabel = (source: string) =>
  (REVENUE_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source;

function describeEntry(json: string): string {
  const entry = JSON.parse(json) as LedgerEntryValues;
  const origin =
    entry.provenance === 'manual'
      ? 'self-reported'
      : `${entry.provenance}${entry.provider ? ` from ${PROVIDER_NAMES[entry.provider] ?? entry.provider}` : ''}${entry.externalId ? ` (${entry.externalId})` : ''}`;
  const paid = entry.currency !== 'USD' ? `, paid as ${entry.originalAmount} ${entry.currency}` : '';
  return `${formatMoney(entry.amount)}${paid}, ${sourceLabel(entry.source)}, “${entry.description}”, ${formatDate(entry.date)}, ${origin}`;
}
