import { readFile, writeFile } from 'node:fs/promises';
import { formatLike } from './prettier';

const MARKER = '<!-- New runs are inserted below this line, newest first. -->';

const HEADER = `# Benchmark results

Written by \`pnpm bench\` and \`pnpm bench:lighthouse\` (see [README.md](README.md) for what each figure
means). Every run adds a section at the top, so the run before a change and the run after it sit side by
side. Compare ratios, not absolute figures: the box is a noisy 2-core machine.

${MARKER}
`;

/** Inserts a run's section at the top of the results file (created on the first run). */
export async function prependSection(file: string, section: string): Promise<void> {
  let current: string;
  try {
    current = await readFile(file, 'utf8');
  } catch {
    current = HEADER;
  }
  if (!current.includes(MARKER)) current = `${HEADER}\n${current}`;
  const updated = current.replace(MARKER, `${MARKER}\n\n${section.trim()}\n`);
  await writeFile(file, await formatLike(file, updated));
}
