import {
  REVENUE_SERIES_RANGES,
  REVENUE_SOURCES,
  type RevenueSeries,
  type RevenueSeriesBucket,
  type RevenueSeriesRange,
  type RevenueSource,
} from '@journey/contracts';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

// The server's clock, fixed (and moved by one test): Wednesday 12 March 2025, in the afternoon (UTC).
let now = new Date('2025-03-12T15:00:00.000Z');
const admin = useAdminServer({ now: () => now });
const { server } = admin;

const rest = (query = '') => server.app.inject({ method: 'GET', url: `/api/revenue/series${query}` });
const trpc = (input: unknown) =>
  server.app.inject({
    method: 'GET',
    url: `/api/trpc/revenue.series?input=${encodeURIComponent(JSON.stringify(input))}`,
  });
async function series(range: RevenueSeriesRange): Promise<RevenueSeries> {
  const response = await rest(`?range=${range}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

interface Entry {
  amount: string;
  source: RevenueSource;
  date: string;
}
/** Chosen around every bucket edge: the day, the ISO week (Sunday/Monday) and the month, in UTC. */
const ENTRIES: Entry[] = [
  { amount: '1000.00', source: 'consulting', date: '2023-06-15T08:00:00.000Z' }, // long before every span
  { amount: '0.10', source: 'ai', date: '2024-02-29T23:59:59.999Z' },
  { amount: '0.20', source: 'ai', date: '2024-03-01T00:00:00.000Z' }, // first month of the 1y span
  { amount: '45.45', source: 'passive', date: '2024-12-08T23:59:59.999Z' }, // Sunday before the 90d span
  { amount: '54.55', source: 'passive', date: '2024-12-09T00:00:00.000Z' }, // Monday: its first week
  { amount: '12.34', source: 'ai', date: '2025-02-09T12:00:00.000Z' }, // the day before the 30d span
  { amount: '7.00', source: 'consulting', date: '2025-02-10T00:00:00.000Z' }, // its first day
  { amount: '0.01', source: 'ai', date: '2025-03-09T23:59:59.999Z' }, // Sunday
  { amount: '0.02', source: 'ai', date: '2025-03-10T00:00:00.000Z' }, // Monday
  { amount: '999999.99', source: 'consulting', date: '2025-03-11T10:00:00.000Z' },
  { amount: '3.00', source: 'passive', date: '2025-03-12T01:00:00.000Z' }, // today
  { amount: '0.03', source: 'ai', date: '2025-03-12T02:00:00.000Z' },
];

const cents = (amount: string) => BigInt(amount.replace('.', ''));
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first day (YYYY-MM-DD, UTC) of the bucket holding `date`, computed apart from the SQL. */
function bucketOf(date: Date, bucket: RevenueSeriesBucket): string {
  if (bucket === 'month') return `${date.toISOString().slice(0, 7)}-01`;
  const day = new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
  if (bucket === 'day') return day.toISOString().slice(0, 10);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

function nextBucket(date: string, bucket: RevenueSeriesBucket): string {
  const start = new Date(`${date}T00:00:00.000Z`);
  if (bucket === 'month') start.setUTCMonth(start.getUTCMonth() + 1);
  else start.setUTCDate(start.getUTCDate() + (bucket === 'week' ? 7 : 1));
  return start.toISOString().slice(0, 10);
}

/** Sum in cents of the entries of one source whose bucket passes `keep`. */
function sumOf(source: RevenueSource | 'total', bucket: RevenueSeriesBucket, keep: (b: string) => boolean) {
  return ENTRIES.filter((e) => source === 'total' || e.source === source)
    .filter((e) => keep(bucketOf(new Date(e.date), bucket)))
    .reduce((sum, e) => sum + cents(e.amount), 0n);
}

const EXPECTED: Record<RevenueSeriesRange, { bucket: RevenueSeriesBucket; first: string; count: number }> = {
  // 30 days before 12 March is 10 February: 31 days including today.
  '30d': { bucket: 'day', first: '2025-02-10', count: 31 },
  // 90 days before is Thursday 12 December 2024, in the ISO week of Monday 9 December.
  '90d': { bucket: 'week', first: '2024-12-09', count: 14 },
  '1y': { bucket: 'month', first: '2024-03-01', count: 13 },
  all: { bucket: 'month', first: '2023-06-01', count: 22 },
};

describe('revenue series', () => {
  it('has no points before any revenue, and says which range and bucket it used', async () => {
    for (const range of REVENUE_SERIES_RANGES) {
      expect(await series(range)).toEqual({
        range,
        bucket: EXPECTED[range].bucket,
        points: [],
        private: false,
      });
    }
  });

  it('refuses an unknown range with the JSON error body, REST and tRPC alike', async () => {
    for (const query of ['?range=7d', '?range=', '?range=ALL', '?range=30d&range=90d']) {
      const response = await rest(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        message: 'Range must be 30d, 90d, 1y or all.',
        errors: { range: 'Range must be 30d, 90d, 1y or all.' },
      });
    }
    const viaTrpc = await trpc({ range: 'forever' });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.message).toBe('Range must be 30d, 90d, 1y or all.');
  });

  it('seeds the entries', async () => {
    for (const entry of ENTRIES) {
      await admin.create('/api/revenue', {
        ...entry,
        description: 'An entry for the series test',
      });
    }
  });

  for (const range of REVENUE_SERIES_RANGES) {
    it(`${range}: contiguous buckets from the range start to today's`, async () => {
      const { bucket, first, count } = EXPECTED[range];
      const answer = await series(range);
      expect(answer.range).toBe(range);
      expect(answer.bucket).toBe(bucket);
      expect(answer.points).toHaveLength(count);
      expect(answer.points[0]?.date).toBe(first);
      expect(answer.points.at(-1)?.date).toBe(bucketOf(now, bucket));
      answer.points.slice(1).forEach((point, i) => {
        expect(point.date).toBe(nextBucket(answer.points[i]!.date, bucket));
      });
    });

    it(`${range}: each step is the sum of its bucket's entries, the first point everything up to it`, async () => {
      const { bucket } = EXPECTED[range];
      const { points } = await series(range);
      for (const source of [...REVENUE_SOURCES, 'total'] as const) {
        const [head, ...rest] = points;
        expect(cents(head![source]), `${source} at ${head!.date}`).toBe(
          sumOf(source, bucket, (b) => b <= head!.date),
        );
        rest.forEach((point, i) => {
          const step = cents(point[source]) - cents(points[i]![source]);
          expect(step, `${source} at ${point.date}`).toBe(sumOf(source, bucket, (b) => b === point.date));
        });
      }
      // Entries before the range start are in every point (the journey's running total).
      expect(cents(points[0]!.consulting)).toBeGreaterThanOrEqual(100000n);
    });
  }

  it('ends at the totals of /api/revenue, to the cent, in every range', async () => {
    const summary = (await call(server.app, 'GET', '/api/revenue')).json();
    expect(summary.totalRevenue).toBe('1001122.69');
    for (const range of REVENUE_SERIES_RANGES) {
      const last = (await series(range)).points.at(-1);
      expect(last).toEqual({ date: last?.date, ...summary.bySource, total: summary.totalRevenue });
    }
  });

  it('answers the same through tRPC, and the whole journey by default', async () => {
    for (const range of REVENUE_SERIES_RANGES) {
      const response = await trpc({ range });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.data).toEqual(await series(range));
    }
    expect((await trpc({})).json().result.data).toEqual(await series('all'));
    expect((await rest()).json()).toEqual(await series('all'));
  });

  it('shows a write at once, and moves with the clock to the next day', async () => {
    const before = await series('30d');
    await admin.create('/api/revenue', {
      amount: '1.00',
      source: 'passive',
      date: '2025-03-12T03:00:00.000Z',
      description: 'One more sale',
    });
    const after = await series('30d');
    expect(cents(after.points.at(-1)!.passive) - cents(before.points.at(-1)!.passive)).toBe(100n);

    now = new Date('2025-03-13T00:00:00.500Z');
    const tomorrow = await series('30d');
    expect(tomorrow.points[0]?.date).toBe('2025-02-11');
    expect(tomorrow.points.at(-1)).toEqual({ ...after.points.at(-1), date: '2025-03-13' });
  });

  it('is documented in the OpenAPI document with its range parameter', async () => {
    const document = (await call(server.app, 'GET', '/api/openapi.json')).json();
    const operation = document.paths['/revenue/series']?.get;
    expect(operation).toBeDefined();
    const parameter = operation.parameters.find((p: { name: string }) => p.name === 'range');
    expect(parameter.in).toBe('query');
    expect(parameter.schema.enum).toEqual([...REVENUE_SERIES_RANGES]);
  });
});
