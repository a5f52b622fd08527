import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertNoHarm, PROPERTY_TIMEOUT_MS, RUNS, useFuzzServer, useFuzzStats } from './harness';
import { hostileString } from './hostile';
import { encode, hostileCookie, hostileQuery, trpcQueryInput } from './requests';

const fuzz = useFuzzServer();
const stats = useFuzzStats('Fuzzed reads');

const PAGES = ['revenue.page', 'milestones.page', 'experiments.page', 'subscribers.page'] as const;
const OTHER_QUERIES = [
  'auth.me',
  'auth.user',
  'auth.registrationStatus',
  'revenue.summary',
  'revenue.series',
  'revenue.metrics',
  'revenue.list',
  'milestones.list',
  'experiments.list',
  'subscribers.list',
  'newsletter.status',
  'newsletter.list',
  'newsletter.byId',
  'newsletter.failures',
  'newsletter.outbox',
  'settings.get',
  'settings.site',
  'settings.story',
  'settings.legal',
  ...PAGES,
] as const;
const REST_READS = [
  '/api/revenue',
  '/api/revenue/series',
  '/api/revenue/metrics',
  '/api/milestones',
  '/api/experiments',
  '/api/settings',
  '/api/settings/site',
  '/api/settings/story',
  '/api/settings/legal/privacy',
  '/api/settings/legal/imprint',
  '/api/revenues/all',
  '/api/user',
  '/api/admin/subscribers.csv',
  '/api/admin/broadcasts',
  '/api/admin/broadcasts/1',
  '/api/openapi.json',
  '/api/no-such-thing',
  '/healthz',
  '/readyz',
] as const;

/** Reads are cheap to get right and share one parser: half the runs of a write each. */
const READ_RUNS = Math.ceil(RUNS / 2);

const VALID_PAGE = { sort: 'date', direction: 'desc', limit: 10, q: 'fine' };

/** Every column each table sorts by, for the crafted cursors below. */
const SORTS: Record<(typeof PAGES)[number], readonly string[]> = {
  'revenue.page': ['date', 'amount', 'source', 'description'],
  'milestones.page': ['day', 'title', 'date', 'isRevenue'],
  'experiments.page': ['title', 'status', 'projectCount', 'createdAt'],
  'subscribers.page': ['email', 'consent', 'status', 'createdAt'],
};

/** A JSON value a hand-made cursor might hold in either place: near a real one, or far from it. */
const cursorPart = fc.oneof(
  fc.integer({ min: -(2 ** 33), max: 2 ** 33 }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 1.5, 1e300, -0, 0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    'notadate',
    '2024-02-30',
    '2024-01-01',
    '2024-01-01T00:00:00.000Z',
    '12.50',
    '1e5',
    'x\u0000',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  hostileString,
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
);
/** `[value, id]` (sometimes with more or fewer items), as base64url JSON like the server's own cursors. */
const craftedCursor = fc
  .array(cursorPart, { minLength: 1, maxLength: 3 })
  .chain((parts) => fc.constantFrom(parts, [parts[0], 1], [parts[0], parts[1] ?? 1]))
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));

/** Signed in for most runs; the others carry no cookie or a forged one. */
const session = fc.oneof(
  { arbitrary: fc.constant<string | undefined>('admin'), weight: 3 },
  { arbitrary: hostileCookie, weight: 1 },
);
const cookieOf = (value: string | undefined) => (value === 'admin' ? fuzz.cookie : value);

/**
 * A batch's inputs as one JSON object, written as text: an input nested 30,000 deep parses, but
 * JSON.stringify would overflow the stack. Text that is no JSON goes in as a string.
 */
const batchInput = (inputs: string[]): string => {
  const asValue = (text: string) => {
    try {
      JSON.parse(text);
      return text;
    } catch {
      return JSON.stringify(text);
    }
  };
  return `{${inputs.map((text, i) => `"${i}":${asValue(text)}`).join(',')}}`;
};

/** Reads: no 5xx, errors in the one body, and nothing written, even by the ones that succeed. */
describe('query strings of reads', () => {
  for (const procedure of PAGES) {
    it(
      `tRPC ${procedure}?input=…`,
      () =>
        assertNoHarm(fuzz, {
          label: `tRPC ${procedure}?input=`,
          stats,
          trpc: true,
          readOnly: true,
          arbitrary: fc.record({ input: trpcQueryInput(VALID_PAGE), session }),
          request: ({ input, session }) => ({
            method: 'GET',
            url: `/api/trpc/${procedure}?input=${encode(input)}`,
            cookie: cookieOf(session),
          }),
          mayAccept: () => true,
          runs: READ_RUNS,
        }),
      PROPERTY_TIMEOUT_MS,
    );
  }

  it(
    'tRPC pages with crafted cursors on every sort',
    () =>
      assertNoHarm(fuzz, {
        label: 'tRPC *.page (crafted cursors)',
        stats,
        trpc: true,
        readOnly: true,
        arbitrary: fc.constantFrom(...PAGES).chain((procedure) =>
          fc.record({
            procedure: fc.constant(procedure),
            sort: fc.constantFrom(...SORTS[procedure]),
            direction: fc.constantFrom('asc', 'desc'),
            cursor: craftedCursor,
          }),
        ),
        request: ({ procedure, sort, direction, cursor }) => ({
          method: 'GET',
          url: `/api/trpc/${procedure}?input=${encode(JSON.stringify({ sort, direction, cursor }))}`,
          cookie: fuzz.cookie,
        }),
        mayAccept: () => true,
        runs: READ_RUNS,
        examples: [
          ['notadate', 1],
          [true, 1],
          ['a', 2 ** 31],
          [1.5, 1],
        ].map((parts) => ({
          procedure: 'revenue.page' as const,
          sort: 'date',
          direction: 'desc' as const,
          cursor: Buffer.from(JSON.stringify(parts)).toString('base64url'),
        })),
      }),
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'tRPC queries and batches with any query string',
    () =>
      assertNoHarm(fuzz, {
        label: 'tRPC GET (batches, any query)',
        stats,
        trpc: true,
        readOnly: true,
        arbitrary: fc.record({
          procedures: fc.array(fc.oneof(fc.constantFrom(...OTHER_QUERIES), hostileString.map(encode)), {
            minLength: 1,
            maxLength: 3,
          }),
          batch: fc.boolean(),
          inputs: fc.array(trpcQueryInput(VALID_PAGE), { maxLength: 3 }),
          query: hostileQuery,
          session,
        }),
        request: ({ procedures, batch, inputs, query, session }) => {
          const input = batch ? batchInput(inputs) : inputs[0];
          const params = [batch ? 'batch=1' : '', input === undefined ? '' : `input=${encode(input)}`, query];
          return {
            method: 'GET',
            url: `/api/trpc/${procedures.join(',')}?${params.filter(Boolean).join('&')}`,
            cookie: cookieOf(session),
          };
        },
        mayAccept: () => true,
        runs: READ_RUNS,
      }),
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'REST reads with any query string',
    () =>
      assertNoHarm(fuzz, {
        label: 'REST GET (any query)',
        stats,
        trpc: false,
        readOnly: true,
        arbitrary: fc.record({ path: fc.constantFrom(...REST_READS), query: hostileQuery, session }),
        request: ({ path, query, session }) => ({
          method: 'GET',
          url: `${path}?${query}`,
          cookie: cookieOf(session),
        }),
        mayAccept: () => true,
        runs: READ_RUNS,
      }),
    PROPERTY_TIMEOUT_MS,
  );
});
