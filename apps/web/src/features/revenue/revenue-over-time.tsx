import {
  DEFAULT_REVENUE_SERIES_RANGE,
  REVENUE_SERIES_RANGE_LABELS,
  REVENUE_SERIES_RANGES,
  type RevenueSeriesRange,
} from '@journey/contracts/constants';
import { Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useState } from 'react';
import { SectionHeading } from '../../components/section-heading';
import RevenueChart from './revenue-chart';
import { SECTION_ID } from './revenue-over-time-section';
import { SeriesTable } from './series-table';
import { useRevenueSeries } from './use-revenue';
import classes from './revenue-over-time.module.css';

/** 'Revenue over time': the journey's running total by source, as a stacked area chart or a table. */
export default function RevenueOverTime() {
  const [range, setRange] = useState<RevenueSeriesRange>(DEFAULT_REVENUE_SERIES_RANGE);
  const [asTable, setAsTable] = useState(false);
  // False in the server's HTML and while hydrating, true after: the chart replaces the table then.
  const hydrated = useMounted();
  const { data: series, isPlaceholderData, isError } = useRevenueSeries(range);

  const showChart = hydrated && !asTable;
  const caption = `Cumulative revenue by source, ${REVENUE_SERIES_RANGE_LABELS[range].toLowerCase()}`;
  const empty = series?.points.length === 0;

  return (
    <section id={SECTION_ID} aria-labelledby="revenue-over-time-title" className={classes.section}>
      <Container size="lg">
        <Stack gap="lg">
          <SectionHeading id="revenue-over-time-title" eyebrow="The journey so far" title="Revenue over time">
            The running total by source, from the first dollar to today.
          </SectionHeading>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {empty ? (
              <Text className={classes.empty} c="dimmed">
                No revenue logged yet: the chart starts with the first sale.
              </Text>
            ) : (
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
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
                  <Button
                    size="xs"
                    variant="default"
                    disabled={!hydrated}
                    onClick={() => setAsTable(showChart)}
                  >
                    {showChart ? 'Show as table' : 'Show as chart'}
                  </Button>
                </Group>
                {isError && (
                  <Text role="alert" size="sm" c="red.9">
                    Could not load this range.
                  </Text>
                )}
                <div className={classes.area} aria-busy={isPlaceholderData}>
                  {series &&
                    (showChart ? (
                      <RevenueChart series={series} label={caption} />
                    ) : (
                      <SeriesTable series={series} caption={caption} />
                    ))}
                </div>
              </Stack>
            )}
          </Paper>
        </Stack>
      </Container>
    </section>
  );
}
