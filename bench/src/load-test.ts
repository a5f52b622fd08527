/**
 * `pnpm bench:load`: 60 s of mixed reads and writes at the concurrency where the server saturates (and
 * 20 s at the fewest connections that reach the throughput target, for its latency), on
 * PGlite and (with DATABASE_URL) PostgreSQL. Passes when no request failed, the RSS stayed flat and the
 * revenue total equals what was there plus every acknowledged write, to the cent. See ../README.md.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from '@journey/db';
import { addSampleContent, BENCH_REVENUE, registerAdmin } from './fixtures/seed-api';
import { pgliteBackend, postgresBackend, type Backend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { step } from './lib/log';
import { failedAnswers, runMixed, WINDOW_S } from './measure/mixed-load';
import { PACED_S, runPaced } from './measure/paced-load';
import { renderLoadReport, type DriverLoad } from './report/load-report';
import { runDate } from './report/machine';
import { prependSection } from './report/results-file';
import { TARGETS } from './report/targets';
import { startAppServer } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';
import { CHECKOUT_USAGE, commandArgs, parseCommand } from './cli/common-options';

const RAMP_CONNECTIONS = [1, 2, 4, 8, 16, 32, 64, 128];
/** A step that adds less than this to the throughput means the server is saturated. */
const SATURATION_GAIN = 1.05;
const MAX_RSS_GROWTH = 0.1;
/** The throughput target: the p99 is also measured where the ramp first reached it. */
const TARGET_RATE = TARGETS.loadThroughput.min;
const WRITE_CENTS = toCents(BENCH_REVENUE.amount);

function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

const fromCents = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

async function revenueTotal(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/revenue`);
  if (!response.ok) throw new Error(`GET /api/revenue answered ${response.status}`);
  return ((await response.json()) as { totalRevenue: string }).totalRevenue;
}

async function loadDriver(
  backend: Backend,
  duration: number,
  rampSeconds: number,
  root: string,
): Promise<DriverLoad> {
  const store = await backend.newStore();
  try {
    const app = await startAppServer(store.env, { root });
    let stopped = false;
    try {
      const cookie = await registerAdmin(app.url);
      await addSampleContent(app.url, cookie);

      step(`${backend.name}: finding the saturation point (${rampSeconds} s per step)`);
      const ramp: DriverLoad['ramp'] = [];
      for (const connections of RAMP_CONNECTIONS) {
        const run = await runMixed(app, cookie, { connections, duration: rampSeconds });
        ramp.push({ connections, rps: run.rps });
        step(`  ${connections} connections: ${Math.round(run.rps)} req/s`);
        const previous = ramp.at(-2);
        if (previous && run.rps < previous.rps * SATURATION_GAIN) break;
      }
      // The knee: the first concurrency whose successor added (almost) nothing.
      const knee =
        ramp.find((point, index) => (ramp[index + 1]?.rps ?? 0) < point.rps * SATURATION_GAIN) ?? ramp[0];
      if (!knee) throw new Error('the ramp ran no step');
      // The latency at the throughput the issue asks for, sent at that rate whatever the build's speed.
      step(`${backend.name}: ${PACED_S} s of the mix sent at ${TARGET_RATE} req/s`);
      const atTarget = await runPaced(app.url, cookie, { rate: TARGET_RATE, duration: PACED_S });
      // Writes cut off at the end of a timed run may still be landing: let them, then take the baseline.
      await sleep(1000);
      const before = await revenueTotal(app.url);
      const rowsBefore = await countRevenues(app.url, cookie);
      const amount = Math.round(knee.rps * duration);
      step(
        `${backend.name}: ${amount} requests (~${duration} s) of the mix at ${knee.connections} connections`,
      );
      const run = await runMixed(app, cookie, { connections: knee.connections, amount });
      const writes = run.acknowledgedWrites;

      const expected = fromCents(toCents(before) + BigInt(writes) * WRITE_CENTS);
      const apiTotal = await revenueTotal(app.url);
      await app.stop();
      stopped = true;
      const after = await createDatabase(store.database);
      let sqlTotal: string;
      let rowsAdded: number;
      try {
        const [row] = await after.query('select coalesce(sum(amount), 0)::text as total from revenues');
        sqlTotal = String(row?.total);
        const [count] = await after.query('select count(*)::int as n from revenues');
        rowsAdded = Number(count?.n) - rowsBefore;
      } finally {
        await after.close();
      }

      const failures: string[] = [];
      if (run.errors + run.timeouts > 0) failures.push(`${run.errors} errors, ${run.timeouts} timeouts`);
      if (failedAnswers(run) > 0) failures.push(`non-2xx answers: ${JSON.stringify(run.statuses)}`);
      if (atTarget.failed > 0) failures.push(`${atTarget.failed} failed requests at ${TARGET_RATE} req/s`);
      const second = run.rssWindows[1] ?? 0;
      const last = run.rssWindows.at(-1) ?? 0;
      if (last > second * (1 + MAX_RSS_GROWTH))
        failures.push(
          `RSS grew ${((last / second - 1) * 100).toFixed(1)} % from the second to the last window`,
        );
      if (apiTotal !== expected) failures.push(`API total ${apiTotal} ≠ expected ${expected}`);
      if (sqlTotal !== expected) failures.push(`SUM(amount) ${sqlTotal} ≠ expected ${expected}`);
      if (rowsAdded !== writes) failures.push(`${rowsAdded} rows added, ${writes} writes acknowledged`);
      return {
        driver: backend.name,
        ramp,
        connections: knee.connections,
        run,
        atTarget,
        before,
        expected,
        apiTotal,
        sqlTotal,
        rowsAdded,
        failures,
      };
    } finally {
      if (!stopped) await app.stop();
    }
  } finally {
    await store.dispose();
  }
}

/** The admin table's row count (the API's page total), read while the server holds the database. */
async function countRevenues(baseUrl: string, cookie: string): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ limit: 1 }));
  const response = await fetch(`${baseUrl}/api/trpc/revenue.page?input=${input}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`revenue.page answered ${response.status}`);
  return ((await response.json()) as { result: { data: { total: number } } }).result.data.total;
}

const LOAD_USAGE = `Usage: pnpm bench:load [options]

  --no-build             use the existing build (apps/api/dist, apps/web/dist)
${CHECKOUT_USAGE}
  --duration S           seconds of the mix at saturation (default 60, at least 20)
  --ramp S               seconds per step of the ramp (default 5)
  --database-url URL     also run on this PostgreSQL (default: env DATABASE_URL)
  --results FILE         where to prepend the run (default bench/history/runs.md)
  --help                 this text`;

async function main(): Promise<void> {
  const args = commandArgs();
  const parsed = parseCommand(args, {
    duration: { type: 'string' },
    ramp: { type: 'string' },
    'database-url': { type: 'string' },
  });
  if (parsed === 'help') {
    console.log(LOAD_USAGE);
    return;
  }
  const { values, common } = parsed;
  const duration = Number(values.duration ?? 60);
  const rampSeconds = Number(values.ramp ?? 5);
  if (!(duration >= 2 * WINDOW_S) || !(rampSeconds >= 1))
    throw new Error('--duration must be ≥ 20, --ramp ≥ 1');
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const backends = [pgliteBackend, ...(databaseUrl ? [postgresBackend(databaseUrl)] : [])];
  if (common.build) await buildApp();
  await assertBuilt(common.checkout);
  const date = runDate();
  const results: DriverLoad[] = [];
  for (const backend of backends)
    results.push(await loadDriver(backend, duration, rampSeconds, common.checkout));
  const command = `pnpm bench:load ${args.join(' ')}`.trim();
  const section = renderLoadReport(date, command, results, duration, common.checkout);
  console.log(`\n${section}`);
  const resultsFile = common.resultsFile;
  await prependSection(resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), resultsFile)}; update the rows it changed in bench/results.md`,
  );
  if (results.some((r) => r.failures.length > 0)) process.exitCode = 1;
}

await runMain(main);
