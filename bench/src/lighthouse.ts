/**
 * `pnpm bench:lighthouse`: Lighthouse (mobile) on the production landing page, median of N runs,
 * against the targets. See ../README.md.
 */
import path from 'node:path';
import { LIGHTHOUSE_USAGE, parseLighthouseOptions } from './cli/lighthouse-options';
import { addSampleContent, registerAdmin } from './fixtures/seed-api';
import { pgliteBackend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { step } from './lib/log';
import { benchDir } from './lib/paths';
import { figures, medianRun } from './lighthouse/figures';
import { runLighthouse } from './lighthouse/run-lighthouse';
import { saveReports } from './lighthouse/save-reports';
import { renderLighthouseSection } from './report/lighthouse-report';
import { runContext, runDate } from './report/machine';
import { formatLike } from './report/prettier';
import { prependSection } from './report/results-file';
import { startAppServer } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';
import type { RunnerResult } from 'lighthouse';
import { commandOptions } from './cli/common-options';

async function main(): Promise<void> {
  const options = commandOptions(parseLighthouseOptions, LIGHTHOUSE_USAGE);
  if (!options) return;
  if (options.build) await buildApp();
  await assertBuilt(options.checkout);

  const date = runDate();
  const store = await pgliteBackend.newStore();
  const server = await startAppServer(store.env, { root: options.checkout });
  try {
    // The landing page as a visitor sees it on a site in use: totals, a timeline, the experiments.
    await addSampleContent(server.url, await registerAdmin(server.url));
    const url = `${server.url}/`;
    const runs: RunnerResult[] = [];
    for (let run = 1; run <= options.runs; run++) {
      step(`Lighthouse run ${run}/${options.runs} on ${url}`);
      runs.push(await runLighthouse(url));
    }
    const reports = await saveReports(medianRun(runs));
    const section = renderLighthouseSection({
      date,
      context: runContext(`pnpm bench:lighthouse ${options.args.join(' ')}`.trim(), options.checkout),
      url: '/',
      figures: figures(runs),
      reports: reports.map((file) => path.relative(benchDir, file)),
    });
    console.log(`\n${await formatLike(options.resultsFile, section)}`);
    await prependSection(options.resultsFile, section);
    step(
      `run added to ${path.relative(process.cwd(), options.resultsFile)}; update the rows it changed in bench/results.md`,
    );
  } finally {
    await server.stop();
    await store.dispose();
  }
}

await runMain(main);
