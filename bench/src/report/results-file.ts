import { readFile, writeFile } from 'node:fs/promises';
import { formatLike } from './prettier';

const MARKER = '<!-- New runs are inserted below this line, newest first. -->';

const HEADER = `# Benchmark runs

Every run of \`pnpm bench\`, \`bench:load\`, \`bench:lighthouse\`, \`bench:compare\` and \`bench:import\` adds a
dated section at the top, newest first, so the run before a change and the run after it sit side by side.
The current figures are the table in [../results.md](../results.md); [../README.md](../README.md) says what
each figure means. Compare ratios, not absolute figures: the box is a noisy 2-core machine.

${MARKER}
`;

/** Inserts a run's section at the top of the history file, created on the first run (docs/decisions/068-docs-that-stay-true.md). */
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
