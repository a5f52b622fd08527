/**
 * `pnpm bench:compare --baseline DIR`: this build against another commit's, both served at once and
 * loaded in turn round after round, so that the machine's drift hits both alike. See ../README.md.
 */
import path from 'node:path';
import { COMPARE_USAGE, parseCompareOptions } from './cli/compare-options';
import { commandOptions } from './cli/common-options';
import type { Endpoint } from './fixtures/capture';
import { addSampleContent, registerAdmin } from './fixtures/seed-api';
import { pgliteBackend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { commitOf } from './lib/commit';
import { step } from './lib/log';
import { READS, revenueWrite } from './measure/endpoints';
import { PACED_NAME, pacedVersus, type PacedVersus } from './measure/paced-versus';
import { measureVersus, type VersusRow } from './measure/versus';
import { renderCompareSection } from './report/compare-report';
import { runContext, runDate } from './report/machine';
import { formatLike } from './report/prettier';
import { prependSection } from './report/results-file';
import { startAppServer, type AppServer } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';

interface Seeded {
  app: AppServer;
  /** The admin's cookie, for the write row. */
  cookie: string;
  stop(): Promise<void>;
}

/** A server of one checkout on a new PGlite store, with the same sample content as `pnpm bench`. */
async function seededServer(root?: string): Promise<Seeded> {
  const store = await pgliteBackend.newStore();
  const app = await startAppServer(store.env, { root });
  const cookie = await registerAdmin(app.url);
  await addSampleContent(app.url, cookie);
  return { app, cookie, stop: () => app.stop().finally(() => store.dispose()) };
}

async function main(): Promise<void> {
  const options = commandOptions(parseCompareOptions, COMPARE_USAGE);
  if (!options) return;
  await assertBuilt(options.baseline);
  if (options.build) await buildApp();
  await assertBuilt(options.checkout);

  const current = await seededServer(options.checkout);
  const baseline = await seededServer(options.baseline);
  const urls = { current: current.app.url, baseline: baseline.app.url };
  const cookies = new Map([
    [current.app.url, current.cookie],
    [baseline.app.url, baseline.cookie],
  ]);
  // Reads first, the write last: every timed write adds a row, which must not change what reads measure.
  const every: ((baseUrl: string) => Endpoint)[] = [
    ...READS.map((read) => () => read),
    (baseUrl) => revenueWrite(baseUrl, cookies.get(baseUrl) ?? ''),
  ];
  const endpoints = every.filter((endpoint) => {
    const { name } = endpoint(urls.current);
    return options.only.length === 0 || options.only.some((part) => name.includes(part));
  });
  const rows: VersusRow[] = [];
  let paced: PacedVersus | undefined;
  try {
    for (const endpoint of endpoints)
      for (const connections of options.connections)
        rows.push(await measureVersus(endpoint, urls, { ...options, connections }));
    // Last: its writes add thousands of rows, which the rows above must not see.
    if (options.only.length === 0 || options.only.some((part) => PACED_NAME.includes(part)))
      paced = await pacedVersus(
        {
          current: { url: urls.current, cookie: current.cookie },
          baseline: { url: urls.baseline, cookie: baseline.cookie },
        },
        options.rounds,
      );
  } finally {
    await current.stop();
    await baseline.stop();
  }

  const section = renderCompareSection({
    date: runDate(),
    context: runContext(`pnpm bench:compare ${options.args.join(' ')}`, options.checkout),
    baseline: { dir: options.baseline, commit: commitOf(options.baseline) },
    settings: options,
    rows,
    paced,
  });
  console.log(`\n${await formatLike(options.resultsFile, section)}`);
  await prependSection(options.resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), options.resultsFile)}; update the rows it changed in bench/results.md`,
  );
}

await runMain(main);
