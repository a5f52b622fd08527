import {
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  REVENUE_TARGET,
  type RevenueSource,
} from '@journey/contracts/constants';
import { Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSite } from '../../lib/site-context';
import { CountingNumber } from '../../components/counting-number';
import { LandingSection } from '../../components/landing-section';
import { SectionHeading } from '../../components/section-heading';
import { formatMoney, formatPercent } from '../../lib/format';
import { shownMoney } from '../../lib/shown-money';
import { useCurrentUser } from '../auth/use-current-user';
import { VerifiedLine } from '../connections/verified-line';
import { CorrectionsLink } from './corrections-link';
import { CreateRevenueButton } from './create-revenue-button';
import { ForecastLine } from './forecast-line';
import { hasMrr, MrrPanel } from './mrr-panel';
import { StatCards } from './stat-cards';
import { useRevenueMetrics, useRevenueSummary } from './use-revenue';
import classes from './revenue-tracker.module.css';

type Filter = 'all' | RevenueSource;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All Revenue' },
  ...REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] })),
];

/** The '{product} Build Tracker': progress toward $1B, totals per source, the stat cards. */
export function RevenueTracker() {
  const { productName, computedStats } = useSite();
  const { data: summary, isPending, isError } = useRevenueSummary();
  const { data: user } = useCurrentUser();
  const { data: metrics } = useRevenueMetrics();
  const [filter, setFilter] = useState<Filter>('all');

  // docs/decisions/083-privacy-per-figure.md: a figure the owner keeps private has no amount here.
  const shownOf = (value: Filter) =>
    summary
      ? value === 'all'
        ? { amount: summary.totalRevenue, range: summary.ranges.totalRevenue }
        : { amount: summary.bySource[value], range: summary.ranges.bySource[value] }
      : { amount: '0', range: null };
  const shown = shownOf(filter);
  const current = Number(shown.amount ?? 0);
  const fraction = Math.min(1, current / REVENUE_TARGET);

  return (
    <LandingSection id="tracker">
      <Group justify="space-between" align="flex-end">
        <SectionHeading id="tracker-title" eyebrow="Live numbers" title={`${productName} Build Tracker`}>
          {/* True either way (docs/decisions/060-admin-onboarding-and-honest-dates.md): the spec's sample cards are no metrics of ours. */}
          {computedStats
            ? 'Every dollar, logged in public. No vanity metrics, no rounding up.'
            : 'Every dollar, logged in public. The stat cards below show sample figures for now.'}
        </SectionHeading>
        {user && <CreateRevenueButton />}
      </Group>

      <div className={classes.panel}>
        <Stack gap="lg">
          <div className={metrics && hasMrr(metrics) ? classes.withMrr : undefined}>
            <Stack gap="lg">
              <div>
                <Text fw={600} className={classes.muted}>
                  Current Progress
                </Text>
                {isPending ? (
                  <Skeleton height={64} width={320} mt="sm" radius="md" />
                ) : isError ? (
                  <Text mt="sm" role="alert">
                    Failed to fetch revenue data
                  </Text>
                ) : shown.amount !== null ? (
                  <div className={classes.amount}>
                    <CountingNumber end={current} prefix="$" decimals={2} />
                  </div>
                ) : (
                  <div className={classes.amount}>{shownMoney(null, shown.range)}</div>
                )}
                <Text mt={8} className={classes.muted}>
                  of $1,000,000,000
                  {shown.amount !== null ? ` · ${formatPercent(fraction)} of the way` : ''}
                </Text>
                {summary && shown.amount === null && (
                  <Text mt={4} size="sm" className={classes.muted}>
                    {shown.range === null
                      ? 'The owner keeps this figure private.'
                      : `The owner shows this figure as a range. ${summary.bandRule}`}
                  </Text>
                )}
              </div>
              {shown.amount !== null && (
                <Progress.Root size={14} radius="xl" className={classes.bar}>
                  <Progress.Section
                    value={fraction * 100}
                    className={classes.fill}
                    aria-label="Progress toward $1,000,000,000"
                    aria-valuetext={`${formatMoney(current)} of $1,000,000,000 (${formatPercent(fraction)})`}
                  />
                </Progress.Root>
              )}
              {metrics && (
                <Text component="div" className={classes.muted} mt={-8}>
                  {/* Follows the filter below, as the big figure does (decision 055). */}
                  <ForecastLine metrics={metrics} {...(filter === 'all' ? {} : { source: filter })} />
                </Text>
              )}
            </Stack>
            {metrics && <MrrPanel metrics={metrics} />}
          </div>

          <SimpleGrid
            cols={{ base: 2, sm: 4 }}
            spacing="sm"
            role="group"
            aria-label="Filter revenue by source"
          >
            {FILTERS.map((option) => (
              <button
                key={option.value}
                type="button"
                className={classes.filter}
                aria-pressed={filter === option.value}
                onClick={() => setFilter(option.value)}
              >
                <span className={classes.filterLabel}>{option.label}</span>
                <span className={classes.filterTotal}>
                  {shownMoney(shownOf(option.value).amount, shownOf(option.value).range)}
                </span>
              </button>
            ))}
          </SimpleGrid>
        </Stack>
      </div>

      <StatCards />
      <VerifiedLine />
      <CorrectionsLink />
    </LandingSection>
  );
}
