import type { RevenueSeries } from '@journey/contracts';
import { formatMoney } from '../../lib/format';
import { BUCKET_HEADINGS, bucketLabel, colorVar, SOURCES } from './series-format';
import { FiguresTable } from './figures-table';
import classes from './revenue-over-time.module.css';

/**
 * The chart's figures as a table: what the server renders, what readers without JavaScript and screen
 * readers get, and the 'Show as table' view. It scrolls inside the chart's own box, so swapping one
 * for the other moves nothing on the page.
 */
export function SeriesTable({ series, caption }: { series: RevenueSeries; caption: string }) {
  return (
    <FiguresTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{BUCKET_HEADINGS[series.bucket]}</th>
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
        {series.points.map((point) => (
          <tr key={point.date}>
            <th scope="row">{bucketLabel(point.date, series.bucket)}</th>
            {SOURCES.map(({ source }) => (
              <td key={source}>{formatMoney(point[source])}</td>
            ))}
            <td>{formatMoney(point.total)}</td>
          </tr>
        ))}
      </tbody>
    </FiguresTable>
  );
}
