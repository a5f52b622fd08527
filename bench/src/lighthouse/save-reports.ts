import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunnerResult } from 'lighthouse';
import { lighthouseDir } from '../lib/paths';

/**
 * Writes the median run's HTML and JSON reports to `bench/lighthouse/`, overwriting the previous ones,
 * for a look after the run. They are not committed (1.3 MB a run): `bench/history/runs.md` keeps the figures.
 */
export async function saveReports(run: RunnerResult): Promise<string[]> {
  const [html, json] = Array.isArray(run.report) ? run.report : [run.report];
  if (html === undefined || json === undefined)
    throw new Error('Lighthouse produced no HTML and JSON reports');
  await mkdir(lighthouseDir, { recursive: true });
  const htmlFile = path.join(lighthouseDir, 'median-run.html');
  const jsonFile = path.join(lighthouseDir, 'median-run.json');
  await writeFile(htmlFile, html);
  await writeFile(jsonFile, json);
  return [htmlFile, jsonFile];
}
