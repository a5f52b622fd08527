import {
  formatMonthlyGrowth,
  FORECAST_MIN_R_SQUARED,
  REVENUE_SOURCE_LABELS,
  TREND_MONTHS,
  type RevenueSource,
} from '@journey/contracts/constants';
import { HowCalculated } from './how-calculated';
import { formatMonth, type RevenueMetrics } from './metrics-format';

type Scope = RevenueMetrics['bySource'][RevenueSource];

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

/**
 * The forecast in words (docs/decisions/055-a-trend-not-two-months.md): a likely month and its span
 * when the trend is meaningful, else why there is none.
 */
export function forecastSentence(scope: Scope, horizon: string): string {
  const { growth, forecast } = scope;
  const rate = growth.rate === null ? '' : formatMonthlyGrowth(growth.rate);
  const month = (value: string | null) => (value ? formatMonth(value) : `after ${formatMonth(horizon)}`);
  switch (forecast.status) {
    case 'reached':
      return `$1B passed in ${month(forecast.reachesTargetIn)}`;
    case 'too-few-months':
      return `No forecast yet: it takes ${TREND_MONTHS} complete months of revenue (${growth.completeMonths} so far)`;
    case 'month-without-revenue':
      return `No forecast: one of the last ${TREND_MONTHS} complete months earned nothing`;
    case 'not-growing':
      return `Not at the current pace: the trend is ${rate}`;
    case 'irregular':
      return `No forecast: the last ${TREND_MONTHS} months are too uneven for a trend (${rate}, the line explains ${percent(growth.rSquared ?? 0)} of their variation; a forecast needs ${percent(FORECAST_MIN_R_SQUARED)})`;
    case 'beyond-horizon':
      return `At ${rate}, $1B only ${month(null)}`;
    case 'forecast': {
      const likely = month(forecast.reachesTargetIn);
      const span =
        forecast.earliest === forecast.latest && forecast.latest === forecast.reachesTargetIn
          ? ''
          : ` (between ${month(forecast.earliest)} and ${month(forecast.latest)})`;
      return `At ${rate}, $1B likely in ${likely}${span}`;
    }
    case 'private':
      return 'No forecast: the owner keeps the figures it would give away private';
  }
}

/**
 * Under the progress bar: when the running total passes $1B on the trend, or why there is no
 * forecast, then the growth the owner's target month needs; for all sources or the filter's one.
 */
export function ForecastLine({ metrics, source }: { metrics: RevenueMetrics; source?: RevenueSource }) {
  const scope: Scope = source ? metrics.bySource[source] : metrics;
  const alone = source ? `${REVENUE_SOURCE_LABELS[source]} alone · ` : '';
  const how = [metrics.howCalculated.monthlyGrowthRate, metrics.howCalculated.reachesTargetIn]
    .filter(Boolean)
    .join(' ');
  const required = scope.forecast.requiredMonthlyGrowth;
  const needed = scope.forecast.status !== 'reached' && required !== null;
  return (
    <>
      <p data-testid="forecast-line" style={{ margin: 0 }}>
        {alone}
        {forecastSentence(scope, metrics.forecast.horizon)}{' '}
        <HowCalculated figure="the forecast" text={how} tone="dark" />
      </p>
      {needed && (
        <p data-testid="forecast-target" style={{ margin: 0 }}>
          {alone}
          To reach $1B by {formatMonth(metrics.forecast.targetMonth)}: {formatMonthlyGrowth(required)} needed{' '}
          <HowCalculated
            figure="the growth needed"
            text={metrics.howCalculated.requiredMonthlyGrowth ?? ''}
            tone="dark"
          />
        </p>
      )}
    </>
  );
}
