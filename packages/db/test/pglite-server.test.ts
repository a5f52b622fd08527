import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDatabase,
  DATA_CHANGE_CHANNEL,
  sharedConnectionWatchers,
  isDatabaseUnavailable,
  isUniqueViolation,
  schema,
  type DatabaseHandle,
} from '../src';
import { startPgliteServer } from '../src/pglite-server';
import { pgliteTemplateFile } from '../test-support/test-database';

// PGlite runs in a worker thread serving the PostgreSQL protocol, and the server speaks to it with
// postgres.js as to PostgreSQL: errors keep their codes, transactions hold the one backend, the
// notifications come before the write's answer, and a closed database fails as unavailable.
const template = async () => new Blob([readFileSync(await pgliteTemplateFile())]);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createDatabase({ driver: 'pglite', loadDataDir: await template() });
});
afterAll(() => handle?.close());

describe('PGlite behind its socket', () => {
  it('listens on a Unix socket only its owner can reach, removed when closed', async () => {
    const server = await startPgliteServer({ settings: [] });
    const directory = path.dirname(server.socket);
    try {
      expect((await stat(server.socket)).isSocket()).toBe(true);
      expect((await stat(directory)).mode & 0o777).toBe(0o700);
    } finally {
      await server.close();
    }
    await expect(stat(directory)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('answers values as postgres.js reads them from PostgreSQL', async () => {
    const [row] = await handle.query(`select 12.50::numeric as amount, 7::int8 as big,
      now() > '2000-01-01'::timestamptz as recent, '{"a":[1]}'::jsonb as doc, null as nothing`);
    expect(row).toEqual({ amount: '12.50', big: '7', recent: true, doc: { a: [1] }, nothing: null });
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

  it('delivers notifications before the answer of the write that sent them', async () => {
    const heard: string[] = [];
    const stop = await handle.watchDataChanges({
      onChange: (table) => heard.push(table),
      onListening: () => {},
      onLost: () => {},
    });
    try {
      await handle.db.insert(schema.experiments).values({
        title: 'Thread probe',
        slug: 'thread-probe',
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

  it('tells the watchers when the connection drops, and LISTENs again on the next one', async () => {
    let listens = 0;
    const watchers = sharedConnectionWatchers(async () => {
      listens++;
    });
    const heard: string[] = [];
    await watchers.watch({
      onChange: (table) => heard.push(table),
      onListening: () => heard.push('listening'),
      onLost: () => heard.push('lost'),
    });
    watchers.dropped();
    await vi.waitFor(() => expect(heard).toEqual(['listening', 'lost', 'listening']));
    expect(listens).toBe(2);
    watchers.onnotify(DATA_CHANGE_CHANNEL, 'revenues');
    watchers.onnotify('another_channel', 'users');
    watchers.lost();
    expect(heard).toEqual(['listening', 'lost', 'listening', 'revenues', 'lost']);
  });

  it('fails every call as an unavailable database once it is closed', async () => {
    const doomed = await createDatabase({ driver: 'pglite', loadDataDir: await template() });
    await doomed.close();
    const error = await doomed.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
