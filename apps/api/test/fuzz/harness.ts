/**
 * The fuzz property: whatever arrives, the answer is a 2xx only for valid input, otherwise a 4xx
 * with the one JSON error body, and a rejected request leaves every table (and the totals) as they were.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { registerAdmin, startTestServer, type TestServer } from '../helpers';

/** At least 1,000 runs per endpoint; FUZZ_RUNS raises it (never lowers it). */
export const RUNS = Math.max(1_000, Number(process.env.FUZZ_RUNS) || 0);
/** Fixed so CI runs are repeatable; FUZZ_SEED explores others. fast-check prints seed and path on failure. */
export const SEED = Number(process.env.FUZZ_SEED) || 20_261_122;
/** A generous budget per property: a failure shrinks, which re-runs requests. */
export const PROPERTY_TIMEOUT_MS = 60_000 + RUNS * 60;

export interface FuzzServer {
  server: TestServer;
  cookie: string;
}

/** A server for one fuzz file with the admin registered; login limits high enough to reach validation. */
export function useFuzzServer(): FuzzServer {
  const state = {} as FuzzServer;
  beforeAll(async () => {
    state.server = await startTestServer({
      loginRateLimit: { perIp: 1_000_000, perUsername: 1_000_000, windowMs: 60_000 },
      // Every fuzzed sign-up is checked, not refused by the limit per IP address first.
      signupRateLimit: { perIp: 1_000_000, windowMs: 60_000 },
      registerRateLimit: { perIp: 1_000_000, windowMs: 60_000 },
    });
    state.cookie = await registerAdmin(state.server.app);
    // The settings row is stored at the first read, as on any server that served a page: the reads
    // fuzzed below then write nothing.
    await state.server.app.inject({ method: 'GET', url: '/api/settings' });
  });
  afterAll(() => state.server?.close());
  return state;
}

/**
 * The columns of a table a rejected request may change all the same: a session's use (when and from
 * where it was last seen) is recorded once a minute whatever the answer (docs/decisions/085-owner-sessions.md).
 */
const ROWS_OF: Record<string, string> = {
  sessions:
    '(select id, user_id, data, expires_at, created_at, public_id, user_agent, sign_in_ip from sessions)',
};

/** Row count and an order-free digest of every row of every table, and the public totals: what a rejected request must not change. */
export async function snapshot(fuzz: FuzzServer): Promise<Record<string, unknown>> {
  const digest = (table: string) =>
    sql.raw(
      `(select count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) from ${ROWS_OF[table] ?? table} t) as ${table}`,
    );
  const tables = [
    'users',
    'sessions',
    'revenues',
    'milestones',
    'experiments',
    'subscribers',
    'site_settings',
    'revenue_totals',
    'revenue_days',
    'row_counts',
  ];
  const result = await fuzz.server.db.execute(sql`select ${sql.join(tables.map(digest), sql`, `)}`);
  // PGlite answers { rows }, postgres.js an array of rows.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const totals = await fuzz.server.app.inject({ method: 'GET', url: '/api/revenue' });
  return { ...rows[0], totals: totals.body };
}

/** The one error body (docs/architecture.md#errors), inside tRPC's `error` envelope on tRPC paths. */
export function expectErrorBody(response: LightMyRequestResponse, trpc: boolean): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const json = response.json() as { error?: unknown } | { error?: unknown }[];
  // A tRPC batch answers one envelope per call.
  const bodies = trpc
    ? [json].flat().map((entry) => (typeof entry.error === 'object' ? entry.error : entry))
    : [json];
  for (const body of bodies as { message?: unknown; errors?: unknown }[]) {
    expect(typeof body.message).toBe('string');
    if (body.errors !== undefined) {
      expect(Object.values(body.errors as object).every((m) => typeof m === 'string')).toBe(true);
    }
  }
  expect(response.body).not.toContain('"stack"');
}

/** What one run sends. */
export interface FuzzRequest {
  method: InjectOptions['method'];
  url: string;
  body?: string;
  contentType?: string;
  cookie?: string;
}

export function send(fuzz: FuzzServer, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  if (request.cookie !== undefined) headers.cookie = request.cookie;
  return fuzz.server.app.inject({
    method: request.method,
    url: request.url,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

/**
 * Runs `RUNS` generated requests. `mayAccept` says whether a 2xx is allowed for that request; any
 * other answer must be a 4xx with the error body and leave the database as it was.
 */
export async function assertNoHarm<T>(
  fuzz: FuzzServer,
  options: {
    label: string;
    stats: FuzzStats;
    arbitrary: fc.Arbitrary<T>;
    request: (value: T) => FuzzRequest;
    mayAccept: (value: T) => boolean;
    trpc: boolean;
    /** Reads: nothing may change even when they succeed. */
    readOnly?: boolean;
    runs?: number;
    /** Values tried first, before the generated ones. */
    examples?: T[];
  },
): Promise<void> {
  let baseline = await snapshot(fuzz);
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(options.arbitrary, async (value) => {
      const before = baseline;
      const response = await send(fuzz, options.request(value));
      // Re-read before asserting: a failing run must not leave a stale baseline for the shrinking runs.
      baseline = await snapshot(fuzz);
      options.stats.record(options.label, response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
      const accepted = response.statusCode >= 200 && response.statusCode < 300;
      if (accepted) expect(options.mayAccept(value), `accepted: ${response.body.slice(0, 200)}`).toBe(true);
      else {
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expectErrorBody(response, options.trpc);
      }
      if (!accepted || options.readOnly) expect(baseline).toEqual(before);
    }),
    { numRuns: options.runs ?? RUNS, seed: SEED, examples: (options.examples ?? []).map((e): [T] => [e]) },
  );
  options.stats.time(options.label, performance.now() - started);
}

/** Answers per endpoint, printed as a table when the file ends so CI logs show the counts. */
export class FuzzStats {
  private readonly rows = new Map<string, { statuses: Map<number, number>; ms: number }>();

  record(label: string, status: number): void {
    const row = this.row(label);
    row.statuses.set(status, (row.statuses.get(status) ?? 0) + 1);
  }

  time(label: string, ms: number): void {
    this.row(label).ms = ms;
  }

  private row(label: string) {
    let row = this.rows.get(label);
    if (!row) this.rows.set(label, (row = { statuses: new Map(), ms: 0 }));
    return row;
  }

  table(title: string): string {
    const lines = [...this.rows].map(([label, { statuses, ms }]) => {
      const count = (test: (status: number) => boolean) =>
        [...statuses].reduce((sum, [status, n]) => sum + (test(status) ? n : 0), 0);
      const clientErrors = [...statuses]
        .filter(([status]) => status >= 400 && status < 500)
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}:${n}`)
        .join(' ');
      return [
        label,
        String(count(() => true)),
        String(count((s) => s < 300)),
        clientErrors || '-',
        String(count((s) => s >= 500)),
        `${(ms / 1000).toFixed(1)} s`,
      ];
    });
    const header = ['endpoint', 'runs', '2xx', '4xx by status', '5xx', 'time'];
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
    const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    const total = lines.reduce((sum, l) => sum + Number(l[1]), 0);
    return [`${title} (seed ${SEED}):`, format(header), ...lines.map(format), `${total} requests`].join('\n');
  }
}

/** One stats table per file, printed after its tests. */
export function useFuzzStats(title: string): FuzzStats {
  const stats = new FuzzStats();
  afterAll(() => console.log(stats.table(title)));
  return stats;
}
