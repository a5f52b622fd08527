/**
 * `pnpm bench:markdown`: how long the site's Markdown renderer takes on the slowest inputs found, at
 * the length limits of the texts it renders (docs/decisions/056-newsletter-hardening.md). Prints a
 * Markdown table, for the section at the top of bench/history/runs.md.
 */
import { performance } from 'node:perf_hooks';
import { BROADCAST_LIMITS, SETTINGS_LIMITS } from '@journey/contracts';
import { renderMarkdown } from '@journey/markdown';
import { PATHOLOGICAL_INPUTS } from './markdown-inputs';

const LENGTHS = [SETTINGS_LIMITS.story, BROADCAST_LIMITS.body.max];
/** Runs per input and length; the median is reported. */
const RUNS = Number(process.env.MARKDOWN_BENCH_RUNS) || 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const rows: { input: string; ms: number[] }[] = [];
for (const [input, make] of Object.entries(PATHOLOGICAL_INPUTS)) {
  const ms = LENGTHS.map((length) => {
    const text = make(length);
    const times = Array.from({ length: RUNS }, () => {
      const started = performance.now();
      renderMarkdown(text);
      return performance.now() - started;
    });
    return median(times);
  });
  rows.push({ input, ms });
  console.error(`${input}: ${ms.map((value) => `${Math.round(value)} ms`).join(', ')}`);
}
rows.sort((a, b) => (b.ms.at(-1) ?? 0) - (a.ms.at(-1) ?? 0));
const format = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const table = [
  `| input | ${LENGTHS.map((length) => `${length.toLocaleString('en-US')} chars`).join(' | ')} |`,
  `| --- | ${LENGTHS.map(() => '---:').join(' | ')} |`,
  ...rows.map((row) => `| ${row.input} | ${row.ms.map(format).join(' | ')} |`),
].join('\n');
console.log(table);
