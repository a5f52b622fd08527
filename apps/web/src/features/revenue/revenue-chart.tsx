// Loaded only when the chart comes into view: recharts, the chart components and their CSS stay out of `/`.
import '../../mantine-styles/on-demand';
import type { RevenueSeries, RevenueSeriesPoint } from '@journey/contracts';
import { perSource, type PerSource } from '@journey/contracts/constants';
import { AreaChart } from '@mantine/charts';
import type { TooltipContentProps } from 'recharts';
import { formatMoney } from '../../lib/format';
import { bucketLabel, colorVar, sourceOrder, SOURCES } from './series-format';
import classes from './revenue-chart.module.css';

export interface RevenueChartProps {
  series: RevenueSeries;
  /** What the chart shows, for screen readers (the table holds the figures). */
  label: string;
}

/** A chart row: numbers for recharts to draw, the exact decimal strings for the tooltip. */
type Row = { label: string; point: RevenueSeriesPoint } & PerSource<number>;

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** The exact amounts of one bucket, as the tracker writes them, with the total. */
function ExactTooltip({ active, payload }: TooltipContentProps) {
  const row = payload?.[0]?.payload as Row | undefined;
  if (!active || !row) return null;
  return (
    <div className={classes.tooltip}>
      <div className={classes.tooltipLabel}>{row.label}</div>
      {SOURCES.toReversed().map(({ source, label, color }) => (
        <div key={source} className={classes.tooltipRow}>
          <span className={classes.key} style={{ background: colorVar(color) }} aria-hidden />
          <span>{label}</span>
          <span className={classes.amount}>{formatMoney(row.point[source])}</span>
        </div>
      ))}
      <div className={`${classes.tooltipRow} ${classes.total}`}>
        <span />
        <span>Total</span>
        <span className={classes.amount}>{formatMoney(row.point.total)}</span>
      </div>
    </div>
  );
}

export default function RevenueChart({ series, label }: RevenueChartProps) {
  const data: Row[] = series.points.map((point) => ({
    label: bucketLabel(point.date, series.bucket),
    ...perSource((source) => Number(point[source])),
    point,
  }));
  return (
    <div role="figure" aria-label={`${label}: a stacked area chart. 'Show as table' lists its figures.`}>
      <AreaChart
        h="22rem"
        data={data}
        dataKey="label"
        type="stacked"
        series={SOURCES.map(({ source, label: name, color }) => ({ name: source, label: name, color }))}
        curveType="linear"
        withDots={false}
        withLegend
        // Recharts sorts legend items by name; this keeps the stacking order, bottom first.
        legendProps={{ verticalAlign: 'bottom', itemSorter: (item) => sourceOrder(item.dataKey) }}
        fillOpacity={0.35}
        gridAxis="xy"
        valueFormatter={(value) => compactMoney.format(value)}
        yAxisProps={{ width: 64 }}
        xAxisProps={{ minTickGap: 24 }}
        tooltipProps={{ content: (props) => <ExactTooltip {...props} /> }}
      />
    </div>
  );
}
