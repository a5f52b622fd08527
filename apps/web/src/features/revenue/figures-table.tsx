import type { ReactNode } from 'react';
import classes from './revenue-over-time.module.css';

/**
 * A chart's figures as a table in the chart's own box: a labelled region that scrolls by keyboard too,
 * so swapping chart and table moves nothing on the page.
 */
export function FiguresTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className={classes.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={classes.table}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
