import { formatMonthlyGrowth, STAT_CARDS } from '@journey/contracts/constants';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarTime, IconChartArrowsVertical, IconStack2 } from '@tabler/icons-react';
import { useSite } from '../../lib/site-context';
import { HowCalculated } from './how-calculated';
import { PRIVATE_FIGURE } from '../../lib/shown-money';
import type { RevenueMetrics } from './metrics-format';
import { useRevenueMetrics } from './use-revenue';

interface StatCard {
  label: string;
  value: string;
  /** Set on computed figures: how the value is calculated. */
  how?: string | undefined;
}

const STAT_ICONS = [IconStack2, IconChartArrowsVertical, IconCalendarTime];

const plural = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** The three cards from the revenue entries (docs/decisions/045-computed-figures-on-the-landing-page.md). */
function computedCards(metrics: RevenueMetrics | undefined): StatCard[] {
  const [sources, growth, elapsed] = STAT_CARDS;
  const rate = metrics?.monthlyGrowthRate;
  return [
    {
      label: sources.label,
      value: metrics ? String(metrics.activeSources) : '—',
      how: metrics?.howCalculated.activeSources,
    },
    {
      label: growth.label,
      // The tracker's forecast line writes the rate with the same formatter (decision 055).
      value:
        rate === undefined
          ? '—'
          : rate !== null
            ? formatMonthlyGrowth(rate)
            : metrics?.privacy.monthly === 'exact'
              ? 'Not enough data'
              : PRIVATE_FIGURE,
      how: metrics?.howCalculated.monthlyGrowthRate,
    },
    {
      label: elapsed.label,
      value: metrics ? plural(metrics.daysElapsed, 'day') : '—',
      how: metrics?.howCalculated.daysElapsed,
    },
  ];
}

/** The spec's sample cards on a new install; the computed ones once the owner switches them on. */
export function StatCards() {
  const { computedStats } = useSite();
  const { data: metrics } = useRevenueMetrics();
  const cards: readonly StatCard[] = computedStats ? computedCards(metrics) : STAT_CARDS;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {cards.map((card, index) => {
        const Icon = STAT_ICONS[index] ?? IconStack2;
        return (
          <Paper key={card.label} withBorder radius="lg" p="lg" role="group" aria-label={card.label}>
            <Group gap="md" wrap="nowrap">
              <ThemeIcon size={48} radius="md" variant="light" color="violet">
                <Icon size={26} aria-hidden />
              </ThemeIcon>
              <div>
                <Text size="sm" c="dimmed" fw={600}>
                  {card.label}
                  {card.how && <HowCalculated figure={card.label} text={card.how} />}
                </Text>
                <Text fz={26} fw={800} lh={1.2}>
                  {card.value}
                </Text>
              </div>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
