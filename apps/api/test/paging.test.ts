import { schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const ENTRIES = 10_000;

type Revenue = { id: number; amount: string; source: string; description: string; date: string };
type Page = { items: Revenue[]; total: number; nextCursor: string | null };

const page = async (input: Record<string, unknown>) => {
  const url = `/api/trpc/revenue.page?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await admin.call('GET', url);
  return {
    status: response.statusCode,
    body: response.json() as {
      result?: { data: Page };
      error?: { message: string; errors?: Record<string, string> };
    },
  };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('admin tables: server-side sort, filter and keyset pages', () => {
  beforeAll(async () => {
    // One statement seeds the table: descriptions cycle, amounts and dates vary, a few carry wildcards.
    await admin.server.db.execute(sql`
      insert into revenues (amount, source, description, date)
      select (g % 997 + 1) * 1.25,
             (array['ai', 'passive', 'consulting'])[g % 3 + 1],
             case when g % 1000 = 0 then 'Refund 100% done_' else 'Entry number ' || g end,
             timestamptz '2020-01-01' + (g % 1500) * interval '1 day'
      from generate_series(1, ${ENTRIES}) as g`);
    expect(await admin.server.db.$count(schema.revenues)).toBe(ENTRIES);
  });

  it('walks every entry exactly once, newest first, with cursors', async () => {
    const seen = new Set<number>();
    const dates: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    const timings: number[] = [];
    do {
      const started = performance.now();
      const { status, body } = await page({ limit: 100, ...(cursor ? { cursor } : {}) });
      timings.push(performance.now() - started);
      expect(status).toBe(200);
      const data = body.result!.data;
      expect(data.total).toBe(ENTRIES);
      for (const item of data.items) {
        seen.add(item.id);
        dates.push(item.date);
      }
      cursor = data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(ENTRIES / 100);
    expect(seen.size).toBe(ENTRIES);
    expect(dates).toEqual([...dates].sort().reverse());
    console.log(
      `revenue.page over ${ENTRIES} rows: ${pages} pages, median ${median(timings).toFixed(1)} ms per call (inject)`,
    );
  });

  it.each([
    ['amount', 'asc'],
    ['amount', 'desc'],
    ['source', 'asc'],
    ['description', 'desc'],
    ['date', 'asc'],
  ] as const)('sorts by %s %s across pages', async (sort, direction) => {
    const first = (await page({ sort, direction, limit: 50 })).body.result!.data;
    const second = (await page({ sort, direction, limit: 50, cursor: first.nextCursor })).body.result!.data;
    const rows = [...first.items, ...second.items];
    expect(new Set(rows.map((r) => r.id)).size).toBe(100);
    const key = (r: Revenue): string | number => (sort === 'amount' ? Number(r.amount) : r[sort]);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
      if (direction === 'asc') expect(a <= b, `${a} then ${b}`).toBe(true);
      else expect(a >= b, `${a} then ${b}`).toBe(true);
    }
  });

  it('filters by text, taking % and _ literally', async () => {
    const byNumber = (await page({ q: 'number 999', limit: 100 })).body.result!.data;
    expect(byNumber.total).toBe(11); // 999 and 9990..9999
    expect(byNumber.items.every((r) => r.description.includes('number 999'))).toBe(true);
    const wildcard = (await page({ q: '100%', limit: 100 })).body.result!.data;
    expect(wildcard.total).toBe(ENTRIES / 1000);
    expect((await page({ q: 'done_', limit: 100 })).body.result!.data.total).toBe(ENTRIES / 1000);
    expect((await page({ q: 'consulting', limit: 1 })).body.result!.data.total).toBe(3333);
  });

  it('refuses a forged cursor and bad paging input with field messages', async () => {
    const forged = await page({ cursor: 'not-a-cursor' });
    expect(forged.status).toBe(400);
    expect(forged.body.error?.errors).toEqual({ cursor: 'Invalid cursor.' });
    const tooMany = await page({ limit: 1000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.errors?.limit).toBe('Limit must be at most 100.');
    const badSort = await page({ sort: 'password' });
    expect(badSort.body.error?.errors?.sort).toMatch(/^Sort must be one of/);
  });

  it('refuses crafted cursors on every sort of every table with 400 naming the cursor', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const crafted = [
      ['notadate', 1],
      [true, 1],
      [false, 1],
      [1.5, 1],
      [1, 2 ** 31],
      ['a', 2 ** 31],
      ['a', -(2 ** 31) - 1],
      ['a', 1.5],
      [1e300, 1],
      [-1, 1],
      ['9999999999999999', 1],
      ['2024-02-30', 1],
      ['x\u0000y', 1],
      [{}, 1],
      [[], 1],
      ['a', 1, 2],
      'not json',
    ].map((value) => (typeof value === 'string' ? Buffer.from(value).toString('base64url') : cursor(value)));
    const tables = {
      'revenue.page': ['date', 'amount', 'source', 'description'],
      'milestones.page': ['day', 'title', 'date', 'isRevenue'],
      'experiments.page': ['title', 'status', 'projectCount', 'createdAt'],
      'subscribers.page': ['email', 'consent', 'status', 'createdAt'],
    };
    const failures: string[] = [];
    for (const [procedure, sorts] of Object.entries(tables)) {
      for (const sort of sorts) {
        for (const forged of crafted) {
          const input = encodeURIComponent(JSON.stringify({ sort, cursor: forged }));
          const response = await admin.call('GET', `/api/trpc/${procedure}?input=${input}`);
          const decoded = Buffer.from(forged, 'base64url').toString();
          if (response.statusCode === 200) continue; // a value the column can hold: a page after it
          if (response.statusCode !== 400 || response.json().error?.errors?.cursor !== 'Invalid cursor.')
            failures.push(`${procedure} ${sort} ${decoded}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a cursor whose value the sorted column cannot hold, and keeps the ones it can', async () => {
    const input = (sort: string, value: unknown, id = 1) =>
      encodeURIComponent(
        JSON.stringify({ sort, cursor: Buffer.from(JSON.stringify([value, id])).toString('base64url') }),
      );
    for (const [sort, bad, good] of [
      ['date', 'notadate', '2024-01-01T00:00:00.000Z'],
      ['amount', true, '12.50'],
      ['source', 5, 'ai'],
    ] as const) {
      const refused = await admin.call('GET', `/api/trpc/revenue.page?input=${input(sort, bad)}`);
      expect(refused.statusCode, `${sort} ${String(bad)}`).toBe(400);
      const kept = await admin.call('GET', `/api/trpc/revenue.page?input=${input(sort, good)}`);
      expect(kept.statusCode, `${sort} ${good}`).toBe(200);
    }
  });

  it('is for the admin only, while the REST list still answers the whole array', async () => {
    const anonymous = await call(admin.server.app, 'GET', '/api/trpc/revenue.page');
    expect(anonymous.statusCode).toBe(401);
    const all = await admin.call('GET', '/api/revenues/all');
    expect(all.json()).toHaveLength(ENTRIES);
  });

  it('pages the other tables the same way', async () => {
    for (const procedure of ['milestones.page', 'experiments.page', 'subscribers.page']) {
      const response = await admin.call('GET', `/api/trpc/${procedure}`);
      expect(response.statusCode, procedure).toBe(200);
      expect(response.json().result.data).toMatchObject({
        items: expect.any(Array),
        total: expect.any(Number),
      });
    }
    const experiments = await admin.call(
      'GET',
      `/api/trpc/experiments.page?input=${encodeURIComponent(JSON.stringify({ sort: 'projectCount', direction: 'desc', limit: 2 }))}`,
      undefined,
    );
    const data = experiments.json().result.data;
    expect(data.items.map((e: { projectCount: number }) => e.projectCount)).toEqual([12, 8]);
    expect(data.total).toBe(5);
    expect(data.nextCursor).not.toBeNull();
  });
});
