import type { Page, SortDirection } from '@journey/contracts';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Where the next page starts: the sort value and id of the last row shown. */
type Cursor = [value: string | number | boolean | null, id: number];

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor.');
  }
}

export function encodeCursor(value: unknown, id: number): string {
  const plain = value instanceof Date ? value.toISOString() : (value as Cursor[0]);
  return Buffer.from(JSON.stringify([plain, id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      ['string', 'number', 'boolean'].includes(typeof parsed[0]) &&
      Number.isSafeInteger(parsed[1])
    ) {
      return parsed as Cursor;
    }
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

/** A LIKE pattern matching `q` anywhere, with its own wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Keyset pagination over (sort column, id): ORDER BY and the WHERE that continues after the
 * cursor. Rows are compared as a pair, which an index on (column, id) serves in either direction.
 */
export function keyset(column: PgColumn, id: PgColumn, direction: SortDirection, cursor?: string | null) {
  const order = direction === 'asc' ? asc : desc;
  let after: SQL | undefined;
  if (cursor) {
    const [value, lastId] = decodeCursor(cursor);
    after =
      direction === 'asc'
        ? sql`(${column}, ${id}) > (${value}, ${lastId})`
        : sql`(${column}, ${id}) < (${value}, ${lastId})`;
  }
  return { orderBy: [order(column), order(id)], after };
}

/** Trims the extra row fetched to know whether another page follows. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  total: number,
  map: (row: Row) => Item,
  cursorOf: (row: Row) => string,
): Page<Item> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return { items: shown.map(map), total, nextCursor: more && last ? cursorOf(last) : null };
}
