import type { SortDirection } from '@journey/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export const TABLE_PAGE_SIZE = 25;

/**
 * What an admin table asks the server for: sort, direction, text filter and the cursor of the
 * current page. Earlier cursors are kept so 'Previous' can go back without offsets.
 */
export function useTableQuery<S extends string>(defaults: { sort: S; direction: SortDirection }) {
  const [sort, setSort] = useState<S>(defaults.sort);
  const [direction, setDirection] = useState<SortDirection>(defaults.direction);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  // cursors[i] opens page i + 1; the first page has none.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const pageIndex = cursors.length - 1;

  const restart = () => setCursors([null]);
  return {
    input: { sort, direction, q: q || undefined, limit: TABLE_PAGE_SIZE, cursor: cursors[pageIndex] ?? null },
    sort,
    direction,
    search,
    pageIndex,
    setSearch: (value: string) => {
      setSearch(value);
      restart();
    },
    /** A click on a column header: sort by it, or flip the direction if it already sorts. */
    toggleSort: (column: S) => {
      if (column === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
      else {
        setSort(column);
        setDirection('asc');
      }
      restart();
    },
    next: (cursor: string) => setCursors([...cursors, cursor]),
    previous: () => setCursors(cursors.length > 1 ? cursors.slice(0, -1) : cursors),
    restart,
  };
}

export type TableQuery<S extends string> = ReturnType<typeof useTableQuery<S>>;
