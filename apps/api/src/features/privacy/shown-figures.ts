import {
  effectivePrivacy,
  perSource,
  privacyNote,
  shownAmount,
  type PrivacyLevel,
  type PrivacySettings,
  type RevenueMetrics,
  type RevenueSeries,
  type RevenueSummary,
  type RevenueTotals,
  type Verification,
} from '@journey/contracts';
import type { Services } from '../../trpc/context';
import { readSettings } from '../settings/read';

/**
 * The one place revenue figures pass the owner's privacy on their way out
 * (docs/decisions/083-privacy-per-figure.md): every public answer, file and picture that carries the
 * total, a source, a month or MRR takes it from here, never from the database directly.
 */

/** The levels that apply, breakdowns never more exact than the total. */
export async function readPrivacy(services: Pick<Services, 'config' | 'database' | 'now'>) {
  return effectivePrivacy((await readSettings(services)).privacy);
}

const amountOf = (value: string, level: PrivacyLevel) => shownAmount(value, level).amount;
const rangeOf = (value: string, level: PrivacyLevel) => shownAmount(value, level).range;

export function shownSummary(totals: RevenueTotals, privacy: PrivacySettings): RevenueSummary {
  return {
    totalRevenue: amountOf(totals.totalRevenue, privacy.total),
    bySource: perSource((source) => amountOf(totals.bySource[source], privacy.bySource)),
    ranges: {
      totalRevenue: rangeOf(totals.totalRevenue, privacy.total),
      bySource: perSource((source) => rangeOf(totals.bySource[source], privacy.bySource)),
    },
    ...privacyNote(privacy),
  };
}

/**
 * A series is drawn exactly or not at all: bands over time would narrow each other, running totals
 * differenced give the months away, and its lines are the sources, so it needs all three exact.
 */
export function shownSeries(series: RevenueSeries, privacy: PrivacySettings): RevenueSeries {
  const exact = privacy.total === 'exact' && privacy.monthly === 'exact' && privacy.bySource === 'exact';
  return exact ? series : { ...series, points: [], private: true };
}

interface MonthTotal {
  month: string;
  total: string;
}

/** The metrics as computed, every figure exact. */
export type ExactMetrics = Omit<
  RevenueMetrics,
  'ranges' | 'privacy' | 'bandRule' | 'currentMonth' | 'previousMonth' | 'bestMonth' | 'cumulativeTotal'
> & {
  currentMonth: MonthTotal;
  previousMonth: MonthTotal;
  bestMonth: MonthTotal | null;
  cumulativeTotal: string;
};

/** `verification.json` as computed. */
export type ExactVerification = Omit<Verification, 'ranges' | 'total' | 'verifiedTotal'> & {
  total: string;
  verifiedTotal: string;
};

const PRIVATE_FORECAST = {
  status: 'private',
  reachesTargetIn: null,
  earliest: null,
  latest: null,
  requiredMonthlyGrowth: null,
} as const;

const withoutTrend = <T extends { rate: number | null }>(growth: T): T => ({
  ...growth,
  rate: null,
  low: null,
  high: null,
  rSquared: null,
});

/**
 * The metrics as shown: months (and the trend fitted to them) per `monthly`, the running total and
 * the forecast (which would give the total and the months away) per `total` and `monthly`, each
 * source's trend per `bySource`, MRR and its movements per `mrr`.
 */
export function shownMetrics(metrics: ExactMetrics, privacy: PrivacySettings): RevenueMetrics {
  const monthly = privacy.monthly;
  const month = (value: MonthTotal) => ({ ...value, total: amountOf(value.total, monthly) });
  const trendShown = monthly === 'exact';
  const forecastShown = trendShown && privacy.total === 'exact';
  const mrrShown = metrics.mrr === null || privacy.mrr === 'exact';
  const ranged = (value: string | null, level: PrivacyLevel) =>
    value === null ? null : rangeOf(value, level);
  return {
    ...metrics,
    currentMonth: month(metrics.currentMonth),
    previousMonth: month(metrics.previousMonth),
    bestMonth: metrics.bestMonth && month(metrics.bestMonth),
    monthlyGrowthRate: trendShown ? metrics.monthlyGrowthRate : null,
    growth: trendShown ? metrics.growth : withoutTrend(metrics.growth),
    cumulativeTotal: amountOf(metrics.cumulativeTotal, privacy.total),
    forecast: forecastShown ? metrics.forecast : { ...metrics.forecast, ...PRIVATE_FORECAST, projection: [] },
    bySource:
      forecastShown && privacy.bySource === 'exact'
        ? metrics.bySource
        : perSource((source) => ({
            monthlyGrowthRate: null,
            growth: withoutTrend(metrics.bySource[source].growth),
            forecast: PRIVATE_FORECAST,
          })),
    mrr: mrrShown ? metrics.mrr : null,
    arr: mrrShown ? metrics.arr : null,
    activeSubscribers: privacy.mrr === 'hidden' ? null : metrics.activeSubscribers,
    movements: mrrShown ? metrics.movements : null,
    ranges: {
      currentMonth: rangeOf(metrics.currentMonth.total, monthly),
      previousMonth: rangeOf(metrics.previousMonth.total, monthly),
      bestMonth: ranged(metrics.bestMonth?.total ?? null, monthly),
      cumulativeTotal: rangeOf(metrics.cumulativeTotal, privacy.total),
      mrr: ranged(metrics.mrr, privacy.mrr),
      arr: ranged(metrics.arr, privacy.mrr),
    },
    ...privacyNote(privacy),
  };
}

/** The verified share stays: a ratio gives no amount away. */
export function shownVerification(verification: ExactVerification, privacy: PrivacySettings): Verification {
  return {
    ...verification,
    total: amountOf(verification.total, privacy.total),
    verifiedTotal: amountOf(verification.verifiedTotal, privacy.total),
    ranges: {
      total: rangeOf(verification.total, privacy.total),
      verifiedTotal: rangeOf(verification.verifiedTotal, privacy.total),
    },
  };
}
