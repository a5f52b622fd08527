import type { ExperimentFigures } from '@journey/contracts';
import { formatSignedMoney } from '@journey/contracts/constants';
import { Stack, Text, Title } from '@mantine/core';
import { FiguresTable } from '../revenue/figures-table';
import revenueClasses from '../revenue/revenue-over-time.module.css';
import { FiguresToDate } from './figures-to-date';
import { MoneyChart, shortMonth } from './money-chart';

/**
 * An experiment's money on its page, as the owner shows it (docs/decisions/083-privacy-per-figure.md):
 * exact, its totals and its months as a chart and a table; as ranges, the bands and their rule only;
 * hidden, a line saying so.
 */
export function ExperimentMoney({ figures }: { figures: ExperimentFigures }) {
  if (figures.privacy === 'hidden')
    return <Text c="dimmed">The owner keeps this experiment’s figures private.</Text>;
  return (
    <Stack gap="lg">
      <FiguresToDate figures={figures} size="xl" />
      {figures.privacy === 'range' ? (
        <Text size="sm" c="dimmed">
          Shown as ranges, as the owner chooses, and not month by month. {figures.bandRule}
        </Text>
      ) : figures.months.length === 0 ? (
        <Text size="sm" c="dimmed">
          No revenue or costs yet.
        </Text>
      ) : (
        <Stack gap="sm">
          <Title order={3} fz="md">
            Month by month
          </Title>
          <MoneyChart months={figures.months} />
          {/* Its own box: as tall as its rows, up to the revenue chart's height, then it scrolls. */}
          <div className={revenueClasses.tableArea}>
            <FiguresTable caption="Revenue, costs and profit by month">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Costs</th>
                  <th scope="col">Profit</th>
                </tr>
              </thead>
              <tbody>
                {figures.months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{shortMonth(month.month)}</th>
                    <td>{formatSignedMoney(month.revenue)}</td>
                    <td>{formatSignedMoney(month.costs)}</td>
                    <td>{formatSignedMoney(month.profit)}</td>
                  </tr>
                ))}
              </tbody>
            </FiguresTable>
          </div>
        </Stack>
      )}
    </Stack>
  );
}
