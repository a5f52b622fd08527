import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  isDatabaseUnavailable,
  isUniqueViolation,
  schema,
  type DatabaseHandle,
} from '../src';
import { PgliteThread } from '../src/pglite-thread';
import { pgliteTemplateFile } from '../src/testing';
import { readFileSync } from 'node:fs';

// The server runs PGlite in a worker thread; what crosses between the threads must behave as the
// in-thread client does: errors with their codes, transactions, notifications, and a thread that dies.
const template = async () => new Blob([readFileSync(await pgliteTemplateFile())]);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createDatabase({ driver: 'pglite', loadDataDir: await template(), thread: true });
});
afterAll(() => handle?.close());

describe('PGlite in a worker thread', () => {
  it('runs on another thread, and answers as PGlite does in this one', async () => {
    expect(handle.pglite).toBeInstanceOf(PgliteThread);
    const inThread = await createDatabase({ driver: 'pglite', loadDataDir: await template() });
    try {
      expect(inThread.pglite).toBeInstanceOf(PGlite);
      const query = `select 12.50::numeric as amount, '2025-03-01'::date as day, 7::int8 as big,
        now() > '2000-01-01'::timestamptz as recent, '{"a":[1]}'::jsonb as doc, null as nothing`;
      expect(await handle.query(query)).toEqual(await inThread.query(query));
      // Drizzle's rows too: dates and timestamps stay text, as its parsers ask.
      const rowsOf = async (database: DatabaseHandle) => {
        const select = sql`select '2025-03-01'::date as day, '2025-03-01 10:00:00+00'::timestamptz as at`;
        return ((await database.db.execute(select)) as unknown as { rows: unknown[] }).rows;
      };
      expect(await rowsOf(handle)).toEqual(await rowsOf(inThread));
      expect(await rowsOf(handle)).toEqual([{ day: '2025-03-01', at: '2025-03-01 10:00:00+00' }]);
    } finally {
      await inThread.close();
    }
  });

  it("hands back PostgreSQL's errors with their codes", async () => {
    const error = await handle.query('insert into users (id) values (null)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23502', message: expect.stringContaining('null value') });

    await handle.query(`create table uniq (v int primary key)`);
    await handle.query(`insert into uniq values (1)`);
    const duplicate = await handle.query(`insert into uniq values (1)`).catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });

  it('commits a transaction whose callback returns, and rolls back one that throws', async () => {
    await handle.query(`create table tx_probe (v int)`);
    const result = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      // A savepoint inside: Drizzle's nested transaction, rolled back alone.
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into tx_probe values (2)`);
          throw new Error('undo the inner one');
        })
        .catch(() => {});
      return 'done';
    });
    expect(result).toBe('done');
    const failed = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (3)`);
      throw new Error('undo all of it');
    });
    await expect(failed).rejects.toThrow('undo all of it');
    expect(await handle.query('select v from tx_probe order by v')).toEqual([{ v: 1 }]);
  });

  it('runs statements sent during a transaction after it, never inside it', async () => {
    await handle.query(`create table order_probe (v int)`);
    let other: Promise<Record<string, unknown>[]> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into order_probe values (1)`);
      other = handle.query(`select count(*)::int as n from order_probe`);
      await tx.execute(sql`insert into order_probe values (2)`);
    });
    // The count waited for the commit: it saw both rows, never one.
    expect(await other).toEqual([{ n: 2 }]);
  });

  it('delivers notifications from the thread, before the answer of the write that sent them', async () => {
    const heard: string[] = [];
    const stop = await handle.watchDataChanges({
      onChange: (table) => heard.push(table),
      onListening: () => {},
      onLost: () => {},
    });
    try {
      await handle.db.insert(schema.experiments).values({
        title: 'Thread probe',
        description: 'Notified across threads',
        status: 'Active',
        statusColor: 'blue',
        projectCount: 0,
        imageUrl: '',
      });
      expect(heard).toContain('experiments');
    } finally {
      await stop();
    }
  });

  it('refuses a parser that changes the text, which could not cross the threads', async () => {
    const thread = handle.pglite as PgliteThread;
    await expect(async () =>
      thread.query('select 1', [], { parsers: { 23: (value: string) => Number(value) } }),
    ).rejects.toThrow(/only parsers that keep the text/);
  });

  it('fails every call as a closed database once its thread is gone', async () => {
    const doomed = await createDatabase({ driver: 'pglite', loadDataDir: await template(), thread: true });
    await doomed.close();
    const error = await doomed.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
