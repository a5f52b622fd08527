import { formatMoney } from '../../lib/format';
import { shownMoney } from '../../lib/shown-money';
import { Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { HowCalculated } from './how-calculated';
import { formatMonth, type RevenueMetrics } from './metrics-format';
import { waterfallSteps, type WaterfallStep } from './mrr-waterfall';
import tracker from './revenue-tracker.module.css';

const BAR = 26;
const GAP = 14;
const HEIGHT = 96;
const LABEL_SPACE = 16;

const SHORT_LABELS: Record<string, string> = {
  start: 'Start',
  new: 'New',
  expansion: 'Exp.',
  reactivation: 'React.',
  contraction: 'Contr.',
  churn: 'Churn',
  fx: 'FX',
  end: 'Now',
};

/** The bars' colours, as attributes: the panel is dark in both schemes, and the page's CSS stays small. */
const FILL: Record<WaterfallStep['kind'], string> = {
  total: '#a78bfa',
  gain: '#22d3ee',
  loss: '#f472b6',
  fx: '#fbbf24',
};
const INK = 'rgba(255, 255, 255, 0.8)';

// Inline styles, not a stylesheet: the landing page's first stylesheet is at its budget
// (e2e/budget.spec.ts), and these few rules serve one panel.
const PANEL: CSSProperties = {
  border: '1px solid rgba(255, 255, 255, 0.14)',
  borderRadius: 'var(--mantine-radius-lg)',
  background: 'rgba(255, 255, 255, 0.04)',
  alignSelf: 'start',
};
/** A fixed height from the first HTML on: the chart never moves what follows. */
const CHART: CSSProperties = { display: 'block', width: '100%', maxWidth: 340, height: 112, marginTop: 6 };
const LIST: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 14px',
  margin: '6px 0 0',
  padding: 0,
  listStyle: 'none',
  fontSize: 'var(--mantine-font-size-sm)',
  fontVariantNumeric: 'tabular-nums',
};

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount))}`;
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** The month's movements as floating bars; the list beside it carries the figures for every reader. */
function Waterfall({ steps }: { steps: WaterfallStep[] }) {
  const top = Math.max(1, ...steps.flatMap((step) => [step.from, step.to]));
  const y = (value: number) => HEIGHT - (Math.max(0, value) / top) * HEIGHT;
  const width = steps.length * (BAR + GAP) - GAP;
  return (
    <svg
      style={CHART}
      viewBox={`0 0 ${width} ${HEIGHT + LABEL_SPACE}`}
      aria-hidden
      focusable="false"
      preserveAspectRatio="xMinYMid meet"
    >
      <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} stroke={INK} strokeOpacity={0.4} />
      {steps.map((step, index) => {
        const x = index * (BAR + GAP);
        const high = y(Math.max(step.from, step.to));
        const low = y(Math.min(step.from, step.to));
        return (
          <g key={step.key}>
            <rect x={x} y={high} width={BAR} height={Math.max(2, low - high)} rx={3} fill={FILL[step.kind]} />
            <text x={x + BAR / 2} y={HEIGHT + 12} textAnchor="middle" fill={INK} fontSize={9}>
              {SHORT_LABELS[step.key] ?? step.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** True when there is subscription data the owner shows, exactly or as a range. */
export const hasMrr = (metrics: RevenueMetrics) => metrics.mrr !== null || metrics.ranges.mrr !== null;

/**
 * Monthly recurring revenue beside the tracker's total (docs/decisions/080-recurring-revenue.md):
 * MRR, ARR, subscribers and this month's movements as a small waterfall. Server-rendered from the
 * metrics the first HTML carries, so it moves nothing when the page hydrates.
 */
export function MrrPanel({ metrics }: { metrics: RevenueMetrics }) {
  const { mrr, arr, activeSubscribers, movements, ranges } = metrics;
  // docs/decisions/083-privacy-per-figure.md: as a range, the bands and no movements; hidden, nothing.
  if (!hasMrr(metrics) || activeSubscribers === null) return null;
  const month = movements?.at(-1);
  const steps = month ? waterfallSteps(month) : [];
  const changes = steps.filter((step) => step.kind !== 'total');
  return (
    <Stack gap={6} p="md" style={PANEL} aria-labelledby="mrr-title" role="group">
      <Text id="mrr-title" fw={600} className={tracker.muted}>
        Monthly recurring revenue
        <HowCalculated
          figure="monthly recurring revenue"
          text={metrics.howCalculated.mrr ?? ''}
          tone="dark"
        />
      </Text>
      <Text fz="1.9rem" fw={800} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {shownMoney(mrr, ranges.mrr)}
      </Text>
      <Text size="sm" className={tracker.muted}>
        {shownMoney(arr, ranges.arr, { cents: false })} a year · {activeSubscribers.toLocaleString('en-US')}{' '}
        paying {activeSubscribers === 1 ? 'customer' : 'customers'}
      </Text>
      {month && (
        <figure style={{ margin: '8px 0 0' }}>
          <Text component="figcaption" size="sm" fw={600} className={tracker.muted}>
            Movements in {formatMonth(month.month)}
            <HowCalculated
              figure="the MRR movements"
              text={metrics.howCalculated.movements ?? ''}
              tone="dark"
            />
          </Text>
          <Waterfall steps={steps} />
          <ul style={LIST}>
            {changes.length === 0 ? (
              <li>No change this month</li>
            ) : (
              changes.map((step) => (
                <li key={step.key} data-kind={step.kind}>
                  {step.label} {signed(step.amount)}
                </li>
              ))
            )}
            {month.netRevenueChurn !== null && (
              <li>Net revenue churn {percent.format(month.netRevenueChurn)}</li>
            )}
            {month.quickRatio !== null && <li>Quick ratio {month.quickRatio.toFixed(1)}</li>}
          </ul>
        </figure>
      )}
    </Stack>
  );
}
