import type { ExperimentMonth } from '@journey/contracts';
import { Group, Text } from '@mantine/core';
import { formatMonth } from '../revenue/metrics-format';
import classes from './experiment-page.module.css';

/** The drawing's own units: the chart stretches them to its box (`preserveAspectRatio="none"`). */
const WIDTH = 600;
const HEIGHT = 200;
const PAD = 12;
/** At most this many month labels under the chart; the table names every month. */
const LABELS = 6;

const SERIES = [
  { key: 'revenue', label: 'Revenue', className: classes.revenue },
  { key: 'costs', label: 'Costs', className: classes.costs },
  { key: 'profit', label: 'Profit', className: classes.profit },
] as const;

/**
 * An experiment's months as a small chart the server draws (no chart library: the page is its own
 * chunk): each month's revenue as a bar up from zero, its costs as a bar down, its profit as a line
 * with a dot a month. It stretches to its box, so the line and the dots are drawn in screen pixels
 * (`vector-effect`); the table under it carries the same figures for every reader.
 */
export function MoneyChart({ months }: { months: ExperimentMonth[] }) {
  const values = months.map((month) => ({
    revenue: Number(month.revenue),
    costs: Number(month.costs),
    profit: Number(month.profit),
  }));
  const top = Math.max(0, ...values.flatMap((value) => [value.revenue, value.profit]));
  const bottom = Math.max(0, ...values.flatMap((value) => [value.costs, -value.profit, -value.revenue]));
  const span = top + bottom || 1;
  const y = (amount: number) => PAD + ((top - amount) / span) * (HEIGHT - 2 * PAD);
  const slot = WIDTH / months.length;
  const barWidth = Math.min(slot * 0.5, WIDTH / 12);
  const centre = (index: number) => (index + 0.5) * slot;
  const bar = (index: number, amount: number, className: string | undefined) => {
    const [from, to] = [y(0), y(amount)];
    return (
      <rect
        className={className}
        x={centre(index) - barWidth / 2}
        y={Math.min(from, to)}
        width={barWidth}
        height={Math.abs(to - from)}
      />
    );
  };
  const every = Math.ceil(months.length / LABELS);
  const first = months[0]?.month ?? '';
  const last = months.at(-1)?.month ?? '';

  return (
    <div>
      <Group gap="md" mb="xs" aria-hidden>
        {SERIES.map((series) => (
          <Group key={series.key} gap={6}>
            <svg width="12" height="12" className={series.className}>
              <rect width="12" height="12" rx="2" />
            </svg>
            <Text size="xs" c="dimmed" fw={600}>
              {series.label}
            </Text>
          </Group>
        ))}
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className={classes.chart}
        role="img"
        aria-label={`Revenue (bars up), costs (bars down) and profit (line) by month, ${formatMonth(first)} to ${formatMonth(last)}. The table below gives each month’s figures.`}
      >
        {values.map((value, index) => (
          <g key={months[index]?.month}>
            {bar(index, value.revenue, classes.revenue)}
            {bar(index, -value.costs, classes.costs)}
          </g>
        ))}
        <line className={classes.axis} x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} />
        <polyline
          className={classes.profitLine}
          points={values.map((value, index) => `${centre(index)},${y(value.profit)}`).join(' ')}
        />
        {/* A dot as a line of no length with round caps: round in screen pixels however stretched. */}
        {values.map((value, index) => (
          <line
            key={months[index]?.month}
            className={classes.profitDot}
            x1={centre(index)}
            x2={centre(index)}
            y1={y(value.profit)}
            y2={y(value.profit)}
          />
        ))}
      </svg>
      <div
        aria-hidden
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))`,
          marginTop: 4,
        }}
      >
        {months.map((month, index) => (
          <Text key={month.month} size="xs" c="dimmed" ta="center" style={{ whiteSpace: 'nowrap' }}>
            {index % every === 0 ? shortMonth(month.month) : ''}
          </Text>
        ))}
      </div>
    </div>
  );
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-10" → "Oct 2026": a label under the chart, or a row of the table on a phone. */
export const shortMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
