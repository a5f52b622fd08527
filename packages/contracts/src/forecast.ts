/**
 * The growth trend and the $1B forecast's rules (docs/decisions/055-a-trend-not-two-months.md), shared
 * by the server that computes them and the pages that show them; free of zod for the landing page.
 */

/** The complete months the trend is fitted to: the calendar months just before the current one. */
export const TREND_MONTHS = 6;
/** The least share of the months' variation the trend must explain before it may forecast. */
export const FORECAST_MIN_R_SQUARED = 0.5;
/** The confidence of the forecast's earliest–latest span: the slope's two-sided t interval. */
export const FORECAST_CONFIDENCE = 0.8;

/**
 * Why there is a forecast, or why not: `forecast` a meaningful trend; `reached` the target is passed;
 * `too-few-months` fewer than six complete months; `month-without-revenue` one of them earned nothing
 * (a log scale has no zero); `not-growing` the trend is flat or falling; `irregular` it explains less
 * than half of the months' variation; `beyond-horizon` a meaningful trend that passes the target only
 * after the horizon; `private` the owner does not show the total or the monthly figures exactly
 * (docs/decisions/083-privacy-per-figure.md), and a forecast would give them away.
 */
export const FORECAST_STATUSES = [
  'forecast',
  'reached',
  'too-few-months',
  'month-without-revenue',
  'not-growing',
  'irregular',
  'beyond-horizon',
  'private',
] as const;
export type ForecastStatus = (typeof FORECAST_STATUSES)[number];

/**
 * A monthly growth rate as every page writes it: 0.18 → "+18 %/month", 0.1164 → "+11.6 %/month",
 * −0.05 → "−5 %/month", 0 → "0 %/month". At most one decimal, the sign always written.
 */
export function formatMonthlyGrowth(fraction: number): string {
  const percent = Math.round(fraction * 1000) / 10;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${ONE_DECIMAL.format(Math.abs(percent))} %/month`;
}

// Made once: `toLocaleString` with options builds a new formatter every call.
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
