/**
 * `pnpm bench`: the production server against a bare `node:http` baseline, the totals at a million
 * entries, start-up and memory, on PGlite and (with DATABASE_URL) PostgreSQL. See ../README.md.
 */
import path from 'node:path';
import { BENCH_USAGE, parseBenchOptions, type BenchOptions } from './cli/bench-options';
import { addSampleContent, registerAdmin } from './fixtures/seed-api';
import { pgliteBackend, postgresBackend, type Backend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { step } from './lib/log';
import { measureMemory } from './measure/memory';
import { measureScaling } from './measure/scaling';
import { measureStartup } from './measure/startup';
import { measureThroughput } from './measure/throughput';
import { renderBenchSection, type DriverResults } from './report/bench-report';
import { redactUrl, runContext, runDate } from './report/machine';
import { formatLike } from './report/prettier';
import { prependSection } from './report/results-file';
import { startAppServer, serverLogReports } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';
import { commandOptions } from './cli/common-options';

async function benchDriver(backend: Backend, options: BenchOptions): Promise<DriverResults> {
  const results: DriverResults = { driver: backend.name };
  const plan = {
    rounds: options.rounds,
    duration: options.duration,
    warmup: options.warmup,
    connections: options.connections[0] ?? 10,
    timeout: options.timeout,
  };
  const root = options.checkout;
  if (options.phases.has('startup')) {
    step(`${backend.name}: start-up`);
    results.startup = await measureStartup(backend, options.startupRuns, root);
  }
  if (options.phases.has('memory') || options.phases.has('throughput')) {
    const store = await backend.newStore();
    try {
      const first = await startAppServer(store.env, { root });
      const cookie = await registerAdmin(first.url);
      await addSampleContent(first.url, cookie);
      await first.stop();
      // A new process, so its RSS is that of start-up plus the read mix and nothing else.
      const app = await startAppServer(store.env, { root });
      try {
        if (options.phases.has('memory')) {
          step(`${backend.name}: memory, ${options.memoryDuration} s of the read mix`);
          results.memory = await measureMemory(app, { ...plan, duration: options.memoryDuration });
        }
        if (options.phases.has('throughput'))
          results.throughput = await measureThroughput(app, cookie, {
            ...plan,
            connections: options.connections,
          });
      } finally {
        await app.stop();
      }
    } finally {
      await store.dispose();
    }
  }
  if (options.phases.has('scaling'))
    results.scaling = await measureScaling(backend, options.rows, plan, root);
  return results;
}

/** The command as typed, with any database password masked (the results file is committed). */
function commandLine(options: BenchOptions): string {
  const args = options.args.map((arg) => arg.replace(/postgres(ql)?:\/\/\S+/g, (url) => redactUrl(url)));
  const fromEnv = options.databaseUrl && !options.args.some((arg) => arg.startsWith('--database-url'));
  const env = fromEnv && options.databaseUrl ? `DATABASE_URL=${redactUrl(options.databaseUrl)} ` : '';
  return `${env}pnpm bench ${args.join(' ')}`.trim();
}

async function main(): Promise<void> {
  const options = commandOptions(parseBenchOptions, BENCH_USAGE);
  if (!options) return;
  // Checked before the build: a wrong URL should not cost a build to find out.
  const backends = [pgliteBackend, ...(options.databaseUrl ? [postgresBackend(options.databaseUrl)] : [])];
  if (options.build) await buildApp();
  await assertBuilt(options.checkout);

  const date = runDate();
  const drivers: DriverResults[] = [];
  for (const backend of backends) drivers.push(await benchDriver(backend, options));

  const section = renderBenchSection({
    date,
    context: runContext(commandLine(options), options.checkout),
    settings: options,
    drivers,
    notes: serverLogReports,
  });
  console.log(`\n${await formatLike(options.resultsFile, section)}`);
  await prependSection(options.resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), options.resultsFile)}; update the rows it changed in bench/results.md`,
  );
}

await runMain(main);
