import { centsOfDecimal } from './ledger-chain';

/**
 * Privacy per figure (docs/decisions/083-privacy-per-figure.md): the owner shows each public figure
 * exactly, as a band, or not at all, and the choice holds wherever the figure leaves the server.
 */

export const PRIVACY_LEVELS = ['exact', 'range', 'hidden'] as const;
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];

export const PRIVACY_LEVEL_LABELS: Record<PrivacyLevel, string> = {
  exact: 'Exact',
  range: 'Range',
  hidden: 'Hidden',
};

/** The figures the owner chooses for, in the order the Site tab lists them. */
export const PRIVACY_FIGURES = [
  {
    key: 'total',
    label: 'Total revenue',
    hint: 'The tracker, its progress, the running total and the forecast',
  },
  { key: 'bySource', label: 'Revenue by source', hint: 'Each source’s total and its line over time' },
  { key: 'monthly', label: 'Monthly figures', hint: 'Revenue per month, this month and the growth rate' },
  { key: 'mrr', label: 'Recurring revenue', hint: 'MRR, ARR and the month’s movements' },
  { key: 'experiments', label: 'Experiments', hint: 'Each experiment’s revenue, costs and profit' },
] as const;
export type PrivacyFigure = (typeof PRIVACY_FIGURES)[number]['key'];

export type PrivacySettings = Record<PrivacyFigure, PrivacyLevel>;

export const EXACT_PRIVACY: PrivacySettings = {
  total: 'exact',
  bySource: 'exact',
  monthly: 'exact',
  mrr: 'exact',
  experiments: 'exact',
};

/** Stated beside every ranged figure, so a reader knows how wide a band is. */
export const AMOUNT_BAND_RULE =
  'Ranges are bands whose edges are 1, 2.5 and 5 times a power of ten ($1k–$2.5k, $2.5k–$5k, $5k–$10k, $10k–$25k, …); an amount is in the band from the edge at or below it to the next edge above it; amounts under $1k read “under $1k”.';

export interface AmountBand {
  /** USD, decimal strings; `low` inclusive, `high` exclusive. */
  low: string;
  high: string;
  label: string;
}

const BAND_FLOOR_CENTS = 100_000n;
const BAND_STEPS = [
  [10n, 25n],
  [25n, 50n],
  [50n, 100n],
] as const;

/** "$1k", "$2.5k", "$25M", "$1B": an edge as the band's label writes it. */
function edgeLabel(cents: bigint): string {
  const dollars = Number(cents / 100n);
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units)
    if (dollars >= size) return `$${Number((dollars / size).toPrecision(3))}${suffix}`;
  return `$${dollars}`;
}

const decimal = (cents: bigint) =>
  `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${((cents < 0n ? -cents : cents) % 100n)
    .toString()
    .padStart(2, '0')}`;

/** The band holding `amount` (a decimal string); a negative amount (a loss) gets the band of its size. */
export function amountBand(amount: string): AmountBand {
  const cents = centsOfDecimal(amount);
  const size = cents < 0n ? -cents : cents;
  const sign = cents < 0n ? '−' : '';
  if (size < BAND_FLOOR_CENTS) {
    const label = cents < 0n ? 'a loss under $1k' : 'under $1k';
    return cents < 0n
      ? { low: decimal(-BAND_FLOOR_CENTS), high: '0.00', label }
      : { low: '0.00', high: decimal(BAND_FLOOR_CENTS), label };
  }
  let low = 0n;
  let high = 0n;
  // Each decade from $1k up is cut at 1, 2.5 and 5 times its power of ten.
  for (let power = BAND_FLOOR_CENTS; high <= size; power *= 10n)
    for (const [from, to] of BAND_STEPS) {
      [low, high] = [(power * from) / 10n, (power * to) / 10n];
      if (size < high) break;
    }
  const label = `${sign}${edgeLabel(low)}–${sign}${edgeLabel(high)}`;
  return cents < 0n
    ? { low: decimal(-high), high: decimal(-low), label }
    : { low: decimal(low), high: decimal(high), label };
}

/** A money figure as it leaves the server: the amount when exact, the band's label when ranged, else neither. */
export interface ShownAmount {
  amount: string | null;
  range: string | null;
}

export function shownAmount(amount: string, level: PrivacyLevel): ShownAmount {
  if (level === 'exact') return { amount, range: null };
  if (level === 'range') return { amount: null, range: amountBand(amount).label };
  return { amount: null, range: null };
}

const STRICTNESS: Record<PrivacyLevel, number> = { exact: 0, range: 1, hidden: 2 };
export const stricterOf = (a: PrivacyLevel, b: PrivacyLevel): PrivacyLevel =>
  STRICTNESS[a] >= STRICTNESS[b] ? a : b;

/**
 * The levels that apply: a breakdown that adds up to the total (its sources, its months, the
 * experiments' revenue) is never shown more exactly than the total, or it would give the total away.
 */
export function effectivePrivacy(privacy: PrivacySettings): PrivacySettings {
  return {
    total: privacy.total,
    bySource: stricterOf(privacy.bySource, privacy.total),
    monthly: stricterOf(privacy.monthly, privacy.total),
    mrr: privacy.mrr,
    experiments: stricterOf(privacy.experiments, privacy.total),
  };
}
