// Loaded only when the reader opens the 'Per month' view: recharts stays out of `/`.
import '../../mantine-styles/on-demand';
import { perSource, type PerSource } from '@journey/contracts/constants';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '../../lib/format';
import type { MonthlyAmounts } from './monthly-amounts';
import { bucketLabel, sourceOrder, SOURCES } from './series-format';

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

type Row = { label: string } & PerSource<number>;

/** Revenue per month by source, stacked (docs/decisions/080-recurring-revenue.md). */
export default function MonthlyChart({ rows, label }: { rows: MonthlyAmounts[]; label: string }) {
  const data: Row[] = rows.map((row) => ({
    label: bucketLabel(row.date, 'month'),
    ...perSource((source) => Number(row[source])),
  }));
  return (
    <div role="figure" aria-label={`${label}: a stacked bar chart. 'Show as table' lists its figures.`}>
      <BarChart
        h="22rem"
        data={data}
        dataKey="label"
        type="stacked"
        series={SOURCES.map(({ source, label: name, color }) => ({ name: source, label: name, color }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom', itemSorter: (item) => sourceOrder(item.dataKey) }}
        gridAxis="xy"
        valueFormatter={(value) => formatMoney(value)}
        yAxisProps={{ width: 64, tickFormatter: (value: number) => compactMoney.format(value) }}
        xAxisProps={{ minTickGap: 24 }}
      />
    </div>
  );
}
