/**
 * `pnpm bench:import`: a 10 MB, 100,000-row generic CSV imported through `POST /api/admin/revenue/imports`
 * while 10 connections read `GET /api/revenue`, on PGlite and (with DATABASE_URL) PostgreSQL. Passes when
 * the import adds every row in under 30 s and no read failed (docs/decisions/044-provider-imports.md).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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

const ROWS = 100_000;
const READ_CONNECTIONS = 10;
const LIMIT_MS = 30_000;

/** 100,000 rows of about 100 bytes: just under the 10 MiB the route takes. */
function benchCsv(): string {
  const lines = ['date,amount,description,id'];
  for (let row = 1; row <= ROWS; row++) {
    const amount = `${(row % 5000) + 1}.${String(row % 100).padStart(2, '0')}`;
    const description = `Benchmark import row ${String(row).padStart(6, '0')}, a sale with a longer note about the buyer`;
    lines.push(`2025-0${(row % 9) + 1}-15,${amount},"${description}",bench-${row}`);
  }
  return `${lines.join('\n')}\n`;
}

interface ImportRun {
  driver: string;
  importMs: number;
  added: number;
  status: number;
  reads: number;
  readP50: number;
  readP99: number;
  readMax: number;
  readFailures: number;
  idleP99: number;
}

/** Reads of `GET /api/revenue` for `durationS` seconds, or until `stop`. */
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

async function importUnderLoad(backend: Backend, csv: string): Promise<ImportRun> {
  const store = await backend.newStore();
  try {
    const app = await startAppServer(store.env);
    try {
      const cookie = await registerAdmin(app.url);
      const idle = await readLoad(app.url, 5).finished;
      step(`${backend.name}: reads alone p99 ${idle.latency.p99} ms; importing ${ROWS} rows under load`);
      const reads = readLoad(app.url, 120);
      const started = performance.now();
      const response = await fetch(`${app.url}/api/admin/revenue/imports`, {
        method: 'POST',
        headers: adminWriteHeaders(app.url, cookie),
        body: JSON.stringify({ provider: 'generic', source: 'passive', csv, dryRun: false }),
      });
      const importMs = performance.now() - started;
      const answer = (await response.json()) as { added?: number; message?: string };
      reads.stop();
      const loaded = await reads.finished;
      if (!response.ok) step(`  import answered ${response.status}: ${answer.message}`);
      return {
        driver: backend.name,
        importMs,
        added: answer.added ?? 0,
        status: response.status,
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
  }
}

function report(date: string, command: string, csvBytes: number, runs: ImportRun[]): string {
  const rows = runs.map(
    (r) =>
      `| ${r.driver} | ${(r.importMs / 1000).toFixed(1)} s | ${r.added.toLocaleString('en-US')} | ${r.reads} | ${r.readP50} ms | ${r.readP99} ms | ${r.readMax} ms | ${r.idleP99} ms | ${r.readFailures} |`,
  );
  return [
    `## ${date}: import of ${ROWS.toLocaleString('en-US')} rows (${(csvBytes / 1e6).toFixed(1)} MB) under read load (pnpm bench:import)`,
    '',
    ...runContext(command),
    `- Load: ${READ_CONNECTIONS} connections on \`GET /api/revenue\` for the whole import; "alone" is 5 s of the same reads before it`,
    '',
    '| Driver | Import | Added | Reads during | p50 | p99 | max | p99 alone | Failed reads |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

const USAGE = `pnpm bench:import [--no-build] [--database-url URL] [--results FILE]
  Imports a 100,000-row CSV while reading GET /api/revenue, on PGlite and (with DATABASE_URL) PostgreSQL.`;

async function main(): Promise<void> {
  const options = commandOptions((args) => parseCommand(args, { 'database-url': { type: 'string' } }), USAGE);
  if (!options) return;
  const { values, common } = options;
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const backends = [pgliteBackend, ...(databaseUrl ? [postgresBackend(databaseUrl)] : [])];
  if (common.build) await buildApp();
  await assertBuilt();
  const csv = benchCsv();
  const csvBytes = Buffer.byteLength(csv);
  step(`CSV: ${ROWS} rows, ${csvBytes} bytes`);
  const runs: ImportRun[] = [];
  for (const backend of backends) runs.push(await importUnderLoad(backend, csv));
  const section = report(runDate(), `pnpm bench:import ${common.args.join(' ')}`.trim(), csvBytes, runs);
  console.log(`\n${section}`);
  await prependSection(common.resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), common.resultsFile)}; update the rows it changed in bench/results.md`,
  );
  const failed = runs.filter(
    (r) => r.status !== 200 || r.added !== ROWS || r.importMs > LIMIT_MS || r.readFailures > 0,
  );
  if (failed.length > 0) {
    step(`FAILED: ${failed.map((r) => r.driver).join(', ')}`);
    process.exitCode = 1;
  }
}

await runMain(main);
