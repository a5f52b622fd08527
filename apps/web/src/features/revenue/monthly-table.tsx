import { formatMoney } from '../../lib/format';
import { FiguresTable } from './figures-table';
import type { MonthlyAmounts } from './monthly-amounts';
import { bucketLabel, colorVar, SOURCES } from './series-format';
import classes from './revenue-over-time.module.css';

/** The monthly bars' figures: the server's HTML, the 'Show as table' view, what screen readers read. */
export function MonthlyTable({ rows, caption }: { rows: MonthlyAmounts[]; caption: string }) {
  return (
    <FiguresTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Month</th>
          {SOURCES.map(({ source, label, color }) => (
            <th scope="col" key={source}>
              <span className={classes.key} style={{ background: colorVar(color) }} aria-hidden />
              {label}
            </th>
          ))}
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.date}>
            <th scope="row">{bucketLabel(row.date, 'month')}</th>
            {SOURCES.map(({ source }) => (
              <td key={source}>{formatMoney(row[source])}</td>
            ))}
            <td>{formatMoney(row.total)}</td>
          </tr>
        ))}
      </tbody>
    </FiguresTable>
  );
}
