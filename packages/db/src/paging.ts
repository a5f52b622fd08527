import type { Page, PageRequest, SortDirection } from '@journey/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  ilike,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { rowCounts } from './schema';

/** Where the next page starts: the sort value and id of the last row shown. */
type Cursor = [value: string | number | boolean | null, id: number];

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor.');
  }
}

function encodeCursor(value: unknown, id: number): string {
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
function keyset(column: PgColumn, id: PgColumn, direction: SortDirection, cursor?: string | null) {
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
function toPage<Row, Item>(
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

type KeyedTable = PgTable & { id: PgColumn };

/**
 * One page of an admin table: keyset-paged in index order (each sort key names its column), filtered
 * by `q` in `searchColumns`, with the total. The unfiltered total is the trigger-kept row count
 * (migration 0003), so no page counts the whole table.
 */
export async function pageOf<T extends KeyedTable, Sort extends string & keyof T['$inferSelect'], Item>(
  db: Database,
  table: T,
  searchColumns: PgColumn[],
  request: PageRequest<Sort>,
  toItem: (row: T['$inferSelect']) => Item,
  /** A filter of this table's own (the subscribers' status), on top of the search. */
  where?: SQL,
): Promise<Page<Item>> {
  const pattern = request.q ? containsPattern(request.q) : undefined;
  const search = pattern ? or(...searchColumns.map((column) => ilike(column, pattern))) : undefined;
  const filter = search && where ? and(search, where) : (search ?? where);
  const { orderBy, after } = keyset(
    getTableColumns(table)[request.sort] as PgColumn,
    table.id,
    request.direction,
    request.cursor,
  );
  const [rows, total] = await Promise.all([
    // A generic table loses Drizzle's row type; it is T's by construction.
    db
      .select()
      .from(table as PgTable)
      .where(and(filter, after))
      .orderBy(...orderBy)
      .limit(request.limit + 1) as Promise<T['$inferSelect'][]>,
    filter ? countWhere(db, table, filter) : countedRows(db, table),
  ]);
  return toPage(rows, request.limit, total, toItem, (row) =>
    encodeCursor(row[request.sort], (row as { id: number }).id),
  );
}

async function countWhere(db: Database, table: PgTable, filter: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(filter);
  return row?.total ?? 0;
}

async function countedRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db
    .select({ rows: rowCounts.rows })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, getTableName(table)));
  return row?.rows ?? 0;
}
