import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunnerResult } from 'lighthouse';
import { lighthouseDir } from '../lib/paths';
import { formatLike } from '../report/prettier';

/**
 * Writes the median run's HTML and JSON reports, overwriting the previous ones (git keeps the history).
 * The JSON is written as Prettier would format it; `bench/lighthouse/.prettierrc.json` has Prettier
 * skip the HTML report, which is one generated page that no one edits.
 */
export async function saveReports(run: RunnerResult): Promise<string[]> {
  const [html, json] = Array.isArray(run.report) ? run.report : [run.report];
  if (html === undefined || json === undefined)
    throw new Error('Lighthouse produced no HTML and JSON reports');
  await mkdir(lighthouseDir, { recursive: true });
  const htmlFile = path.join(lighthouseDir, 'median-run.html');
  const jsonFile = path.join(lighthouseDir, 'median-run.json');
  await writeFile(htmlFile, html);
  await writeFile(jsonFile, await formatLike(jsonFile, json));
  return [htmlFile, jsonFile];
}
