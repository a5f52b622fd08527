// Loaded only when the reader opens the 'Toward $1B' view: recharts stays out of `/`.
import '../../mantine-styles/on-demand';
import { REVENUE_TARGET } from '@journey/contracts/constants';
import { LineChart } from '@mantine/charts';
import { formatMonth } from './metrics-format';
import { logTicks, type ForecastRow } from './forecast-series';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

const monthOfIndex = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The running total on a log scale, the projection dashed up to $1B (docs/decisions/045-computed-figures-on-the-landing-page.md). */
export default function ForecastChart({ rows, label }: { rows: ForecastRow[]; label: string }) {
  const ticks = logTicks(rows);
  return (
    <div
      role="figure"
      aria-label={`${label}: a line chart on a log scale. 'Show as table' lists its figures.`}
    >
      <LineChart
        h="22rem"
        data={rows}
        dataKey="index"
        series={[
          { name: 'actual', label: 'Running total', color: 'violet.6' },
          {
            name: 'projected',
            label: 'Projection at the current growth',
            color: 'gray.6',
            strokeDasharray: '6 4',
          },
        ]}
        curveType="linear"
        connectNulls={false}
        withDots={false}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        gridAxis="y"
        valueFormatter={(value) => compactMoney.format(value)}
        referenceLines={[{ y: REVENUE_TARGET, label: '$1B', color: 'teal.7' }]}
        xAxisProps={{
          type: 'number',
          domain: ['dataMin', 'dataMax'],
          tickFormatter: (index: number) => formatMonth(monthOfIndex(index)),
          minTickGap: 32,
        }}
        yAxisProps={{
          scale: 'log',
          domain: [ticks[0] ?? 1, REVENUE_TARGET],
          ticks,
          allowDataOverflow: true,
          width: 64,
        }}
        tooltipProps={{
          labelFormatter: (index) => (typeof index === 'number' ? formatMonth(monthOfIndex(index)) : ''),
        }}
      />
    </div>
  );
}
