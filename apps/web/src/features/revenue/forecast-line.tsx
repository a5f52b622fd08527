import { formatMonth, formatSignedPercent, type RevenueMetrics } from './metrics-format';
import { HowCalculated } from './how-calculated';

/** Under the progress bar: when the running total passes $1B at the current pace, or that it does not. */
export function ForecastLine({ metrics }: { metrics: RevenueMetrics }) {
  const growth = metrics.monthlyGrowthRate;
  const reaches = metrics.forecast.reachesTargetIn;
  const text =
    growth === null
      ? 'No forecast yet: it takes three complete months of revenue'
      : reaches === null
        ? 'Not at the current pace'
        : `At ${formatSignedPercent(growth)} %/month, $1B in ${formatMonth(reaches)}`;
  const how = [metrics.howCalculated.monthlyGrowthRate, metrics.howCalculated.reachesTargetIn]
    .filter(Boolean)
    .join(' ');
  return (
    <p data-testid="forecast-line" style={{ margin: 0 }}>
      {text} <HowCalculated figure="the forecast" text={how} tone="dark" />
    </p>
  );
}
