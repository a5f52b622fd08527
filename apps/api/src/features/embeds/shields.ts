import {
  amountBand,
  formatMoney,
  formatPercent,
  REVENUE_TARGET,
  targetFraction,
  type PrivacyLevel,
  type ShieldsFigure,
} from '@journey/contracts';

/**
 * shields.io's endpoint-badge answer (https://shields.io/badges/endpoint-badge): shields.io fetches it
 * and draws the badge. `cacheSeconds` is the public cache's max-age; shields.io never goes below 300.
 */
export interface ShieldsBadge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
  cacheSeconds: number;
}

export const SHIELDS_CACHE_SECONDS = 300;

/** A figure the owner hides reads "private" in grey: the README's badge keeps rendering, the number stays home. */
const PRIVATE = { message: 'private', color: 'lightgrey' } as const;
const SHOWN_COLOR = 'blueviolet';

export interface ShieldsInput {
  totalRevenue: string;
  /** `null` when no subscription was ever read (docs/decisions/080-recurring-revenue.md). */
  mrr: string | null;
  /** The effective levels (docs/decisions/083-privacy-per-figure.md). */
  privacy: { total: PrivacyLevel; mrr: PrivacyLevel };
}

const TARGET = formatMoney(REVENUE_TARGET, { cents: false }).replace(',000,000,000', 'B');

/** The badge of one figure, shown only as exactly as the public site shows it. */
export function shieldsBadge(figure: ShieldsFigure, input: ShieldsInput): ShieldsBadge {
  const shown = figureMessage(figure, input);
  return {
    schemaVersion: 1,
    label: LABELS[figure],
    message: shown.message,
    color: shown.color,
    cacheSeconds: SHIELDS_CACHE_SECONDS,
  };
}

const LABELS: Record<ShieldsFigure, string> = {
  total: 'revenue',
  progress: `progress to ${TARGET}`,
  mrr: 'MRR',
};

function figureMessage(figure: ShieldsFigure, input: ShieldsInput): { message: string; color: string } {
  if (figure === 'mrr') {
    const level = input.privacy.mrr;
    if (level === 'hidden') return PRIVATE;
    if (input.mrr === null) return { message: 'none yet', color: 'lightgrey' };
    const amount = level === 'exact' ? formatMoney(input.mrr, { cents: false }) : amountBand(input.mrr).label;
    return { message: `${amount}/mo`, color: SHOWN_COLOR };
  }
  const level = input.privacy.total;
  if (level === 'hidden') return PRIVATE;
  if (figure === 'total') {
    const message =
      level === 'exact' ? formatMoney(input.totalRevenue) : amountBand(input.totalRevenue).label;
    return { message, color: SHOWN_COLOR };
  }
  // A percent computed from a band would narrow it; a ranged total shows its band instead.
  const message =
    level === 'exact'
      ? formatPercent(targetFraction(input.totalRevenue))
      : `${amountBand(input.totalRevenue).label} of ${TARGET}`;
  return { message, color: SHOWN_COLOR };
}
