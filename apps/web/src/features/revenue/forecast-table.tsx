import { formatMoney } from '../../lib/format';
import type { ForecastRow } from './forecast-series';
import { formatMonth } from './metrics-format';
import { FiguresTable } from './figures-table';

/** The 'Toward $1B' figures as a table: the months logged, then the projected ones, marked. */
export function ForecastTable({ rows, caption }: { rows: ForecastRow[]; caption: string }) {
  return (
    <FiguresTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Running total</th>
          <th scope="col">Figure</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.month}>
            <th scope="row">{formatMonth(row.month)}</th>
            <td>{formatMoney(row.total)}</td>
            <td>{row.actual === null ? 'Projected' : 'Logged'}</td>
          </tr>
        ))}
      </tbody>
    </FiguresTable>
  );
}
