import {
  DEFAULT_REVENUE_SERIES_RANGE,
  REVENUE_SERIES_RANGE_LABELS,
  REVENUE_SERIES_RANGES,
  type RevenueSeriesRange,
} from '@journey/contracts/constants';
import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useIntersection, useMounted } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useNeededOnce } from '../../hooks/on-demand';
import { SectionHeading } from '../../components/section-heading';
import { SeriesTable } from './series-table';
import { ForecastTable } from './forecast-table';
import { monthlyAmounts } from './monthly-amounts';
import { MonthlyTable } from './monthly-table';
import { useForecastRows, useRevenueSeries } from './use-revenue';
import classes from './revenue-over-time.module.css';

const SECTION_ID = 'revenue-over-time';

// recharts, the chart components and their CSS: fetched when the reader nears the section, never with `/`.
const RevenueChart = lazy(() => import('./revenue-chart'));
const ForecastChart = lazy(() => import('./forecast-chart'));
const MonthlyChart = lazy(() => import('./monthly-chart'));

type View = 'sources' | 'months' | 'forecast';
const VIEWS: { value: View; label: string }[] = [
  { value: 'sources', label: 'By source' },
  { value: 'months', label: 'Per month' },
  { value: 'forecast', label: 'Toward $1B' },
];

/** Start fetching the chart 200 px before the section scrolls into view. */
const NEAR_VIEW: IntersectionObserverInit = { rootMargin: '200px 0px' };

/**
 * 'Revenue over time': the journey's running total by source, as a stacked area chart or a table.
 *
 * The section itself hydrates with the page; only the chart is code-split. The server's HTML, and the
 * page until the chart's code arrives, shows the figures as a table in the chart's box. Nothing here
 * waits inside a dehydrated Suspense boundary: such a boundary is thrown away and client-rendered
 * empty when any context above it changes first (an in-page link moves the router's location, the
 * scheme toggle changes Mantine's), which blanked the section for good.
 */
export function RevenueOverTime() {
  const [range, setRange] = useState<RevenueSeriesRange>(DEFAULT_REVENUE_SERIES_RANGE);
  const [asTable, setAsTable] = useState(false);
  const [view, setView] = useState<View>('sources');
  // False in the server's HTML and while hydrating, true after.
  const hydrated = useMounted();
  const { ref, entry } = useIntersection<HTMLElement>(NEAR_VIEW);
  const near = useNeededOnce(entry?.isIntersecting ?? false);
  // Monthly bars read the whole journey, bucketed by month, whatever span the running total shows.
  const { data: series, isPlaceholderData, isError } = useRevenueSeries(view === 'months' ? 'all' : range);
  const forecast = useForecastRows(view === 'forecast');

  const showChart = hydrated && near && !asTable;
  const caption =
    view === 'forecast'
      ? 'The running total on a log scale, projected at the current growth to $1,000,000,000'
      : view === 'months'
        ? 'Revenue per month by source'
        : `Cumulative revenue by source, ${REVENUE_SERIES_RANGE_LABELS[range].toLowerCase()}`;
  const empty = series?.points.length === 0;
  const months = view === 'months' && series ? monthlyAmounts(series) : null;
  const table =
    view === 'forecast' ? (
      forecast.rows && <ForecastTable rows={forecast.rows} caption={caption} />
    ) : months ? (
      <MonthlyTable rows={months} caption={caption} />
    ) : (
      series && <SeriesTable series={series} caption={caption} />
    );
  const chart =
    view === 'forecast' ? (
      forecast.rows && <ForecastChart rows={forecast.rows} label={caption} />
    ) : months ? (
      <MonthlyChart rows={months} label={caption} />
    ) : (
      series && <RevenueChart series={series} label={caption} />
    );

  return (
    <section ref={ref} id={SECTION_ID} aria-labelledby="revenue-over-time-title" className={classes.section}>
      <Container size="lg">
        <Stack gap="lg">
          <SectionHeading id="revenue-over-time-title" eyebrow="The journey so far" title="Revenue over time">
            The running total by source, and each month on its own, from the first dollar to today.
          </SectionHeading>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {empty ? (
              <Text className={classes.empty} c="dimmed">
                {series?.private
                  ? 'The owner keeps revenue over time private: the totals above are shown as they choose.'
                  : 'No revenue logged yet: the chart starts with the first sale.'}
              </Text>
            ) : (
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <Group gap="sm">
                    <Button.Group aria-label="View">
                      {VIEWS.map((option) => (
                        <Button
                          key={option.value}
                          size="xs"
                          variant={option.value === view ? 'filled' : 'default'}
                          aria-pressed={option.value === view}
                          disabled={!hydrated}
                          onClick={() => setView(option.value)}
                        >
                          {option.label}
                        </Button>
                      ))}
                    </Button.Group>
                    {view === 'sources' && (
                      <Button.Group aria-label="Time range">
                        {REVENUE_SERIES_RANGES.map((option) => (
                          <Button
                            key={option}
                            size="xs"
                            variant={option === range ? 'filled' : 'default'}
                            aria-pressed={option === range}
                            onClick={() => setRange(option)}
                          >
                            {REVENUE_SERIES_RANGE_LABELS[option]}
                          </Button>
                        ))}
                      </Button.Group>
                    )}
                  </Group>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!hydrated}
                    onClick={() => setAsTable(!asTable)}
                  >
                    {asTable ? 'Show as chart' : 'Show as table'}
                  </Button>
                </Group>
                {(view === 'forecast' ? forecast.isError : isError) && (
                  <Text role="alert" size="sm" c="red.9">
                    Could not load this range.
                  </Text>
                )}
                <div
                  className={asTable ? classes.tableArea : classes.area}
                  aria-busy={view === 'forecast' ? !forecast.rows : isPlaceholderData}
                >
                  {showChart && chart ? <Suspense fallback={table}>{chart}</Suspense> : table}
                </div>
              </Stack>
            )}
          </Paper>
        </Stack>
      </Container>
    </section>
  );
}
