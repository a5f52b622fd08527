/**
 * `pnpm bench:sync`: Stripe's backfill of 50,000 balance transactions from the stand-in
 * (packages/testing) while 10 connections read `GET /api/revenue`, on PGlite and (with DATABASE_URL)
 * PostgreSQL. Passes when the whole history is read in under 60 s, to the cent, with the reads' p99
 * under 50 ms and none failed (docs/decisions/077-provider-connections.md).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startStripeStandIn, type StripeTransaction } from '@journey/testing';
import autocannon from 'autocannon';
import { adminWriteHeaders, registerAdmin } from './fixtures/seed-api';
import { pgliteBackend, postgresBackend, type Backend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { step } from './lib/log';
import { runContext, runDate } from './report/machine';
import { prependSection } from './report/results-file';
import { startAppServer } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';
import { commandOptions, parseCommand } from './cli/common-options';

const TRANSACTIONS = 50_000;
const READ_CONNECTIONS = 10;
const LIMIT_MS = 60_000;
const READ_P99_LIMIT_MS = 50;
const KEY = 'rk_test_bench_sync_read_only';

/** A year and more of payments, one in ten refunded in part, and payouts and fees that are not revenue. */
function history(): { transactions: StripeTransaction[]; cents: number } {
  const transactions: StripeTransaction[] = [];
  let cents = 0;
  const start = Date.UTC(2024, 0, 1) / 1000;
  for (let index = 0; index < TRANSACTIONS; index += 1) {
    const id = `txn_bench_${index}`;
    const created = start + index * 600;
    if (index % 20 === 19) {
      transactions.push({ id, type: 'payout', amount: -50_000, currency: 'usd', created, source: null });
    } else if (index % 10 === 9) {
      transactions.push({
        id,
        type: 'refund',
        amount: -300,
        currency: 'usd',
        created,
        source: { id: `re_bench_${index}`, amount: 300, currency: 'usd' },
      });
      cents -= 300;
    } else {
      const amount = 900 + (index % 500);
      transactions.push({
        id,
        type: 'charge',
        amount,
        currency: 'usd',
        created,
        source: { id: `ch_bench_${index}`, amount, currency: 'usd' },
      });
      cents += amount;
    }
  }
  return { transactions, cents };
}

interface SyncRun {
  driver: string;
  syncMs: number;
  total: string;
  expected: string;
  pages: number;
  reads: number;
  readP50: number;
  readP99: number;
  readMax: number;
  readFailures: number;
  idleP99: number;
}

function readLoad(url: string, durationS: number) {
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url: `${url}/api/revenue`, connections: READ_CONNECTIONS, duration: durationS },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  return { finished, stop: () => instance?.stop() };
}

async function syncUnderLoad(backend: Backend): Promise<SyncRun> {
  const { transactions, cents } = history();
  const stripe = await startStripeStandIn({ keys: { [KEY]: 'read-only' } });
  stripe.transactions.push(...transactions);
  const store = await backend.newStore();
  try {
    const app = await startAppServer({ ...store.env, STRIPE_API_BASE: stripe.base, ECB_RATES_URL: 'off' });
    try {
      const cookie = await registerAdmin(app.url);
      const idle = await readLoad(app.url, 5).finished;
      step(
        `${backend.name}: reads alone p99 ${idle.latency.p99} ms; backfilling ${TRANSACTIONS} transactions under load`,
      );
      const reads = readLoad(app.url, 180);
      const started = performance.now();
      const connected = await fetch(`${app.url}/api/admin/connections/stripe`, {
        method: 'PUT',
        headers: adminWriteHeaders(app.url, cookie),
        body: JSON.stringify({ apiKey: KEY }),
      });
      if (!connected.ok) throw new Error(`connect answered ${connected.status}: ${await connected.text()}`);
      let status = 'syncing';
      while (status === 'syncing' && performance.now() - started < 10 * LIMIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const answer = (await (
          await fetch(`${app.url}/api/admin/connections`, { headers: { cookie } })
        ).json()) as {
          connections: { status: string }[];
        };
        status = answer.connections[0]?.status ?? 'missing';
      }
      const syncMs = performance.now() - started;
      reads.stop();
      const loaded = await reads.finished;
      const summary = (await (await fetch(`${app.url}/api/revenue`)).json()) as { totalRevenue: string };
      return {
        driver: backend.name,
        syncMs,
        total: summary.totalRevenue,
        expected: (cents / 100).toFixed(2),
        pages: stripe.requests.filter((line) => line.startsWith('GET /v1/balance_transactions?')).length,
        reads: loaded.requests.total,
        readP50: loaded.latency.p50,
        readP99: loaded.latency.p99,
        readMax: loaded.latency.max,
        readFailures: loaded.non2xx + loaded.errors + loaded.timeouts,
        idleP99: idle.latency.p99,
      };
    } finally {
      await app.stop();
    }
  } finally {
    await store.dispose();
    await stripe.stop();
  }
}

function report(date: string, command: string, runs: SyncRun[]): string {
  const rows = runs.map(
    (r) =>
      `| ${r.driver} | ${(r.syncMs / 1000).toFixed(1)} s | ${r.pages} | ${r.total === r.expected ? `${r.total} (to the cent)` : `${r.total}, expected ${r.expected}`} | ${r.reads} | ${r.readP50} ms | ${r.readP99} ms | ${r.readMax} ms | ${r.idleP99} ms | ${r.readFailures} |`,
  );
  return [
    `## ${date}: Stripe backfill of ${TRANSACTIONS.toLocaleString('en-US')} balance transactions under read load (pnpm bench:sync)`,
    '',
    ...runContext(command),
    `- Load: ${READ_CONNECTIONS} connections on \`GET /api/revenue\` for the whole backfill; "alone" is 5 s of the same reads before it`,
    '- From the connect to the connection reading `ok`; the stand-in answers on loopback, with no delay',
    '',
    '| Driver | Backfill | Pages | Total | Reads during | p50 | p99 | max | p99 alone | Failed reads |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

const USAGE = `pnpm bench:sync [--no-build] [--database-url URL] [--results FILE]
  Backfills 50,000 Stripe balance transactions from the stand-in while reading GET /api/revenue.`;

async function main(): Promise<void> {
  const options = commandOptions((args) => parseCommand(args, { 'database-url': { type: 'string' } }), USAGE);
  if (!options) return;
  const { values, common } = options;
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const backends = [pgliteBackend, ...(databaseUrl ? [postgresBackend(databaseUrl)] : [])];
  if (common.build) await buildApp();
  await assertBuilt();
  const runs: SyncRun[] = [];
  for (const backend of backends) runs.push(await syncUnderLoad(backend));
  const section = report(runDate(), `pnpm bench:sync ${common.args.join(' ')}`.trim(), runs);
  console.log(`\n${section}`);
  await prependSection(common.resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), common.resultsFile)}; update the rows it changed in bench/results.md`,
  );
  const failed = runs.filter(
    (r) =>
      r.total !== r.expected || r.syncMs > LIMIT_MS || r.readP99 > READ_P99_LIMIT_MS || r.readFailures > 0,
  );
  if (failed.length > 0) {
    step(`FAILED: ${failed.map((r) => r.driver).join(', ')}`);
    process.exitCode = 1;
  }
}

await runMain(main);
