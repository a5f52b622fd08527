/**
 * README.md's configuration table and commands against what the code has: every variable the server
 * reads is in the table and the table names no other (but the test suites' own), and every `pnpm`
 * command it names is a script of the root package.json. File reads only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const scripts = Object.keys(
  (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

/** The section under `## title`, to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README.md has no section "${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe('README.md', () => {
  it('lists exactly the variables the server reads, besides the tests’ own', () => {
    const rows = section('Configuration')
      .split('\n')
      .map((line) => /^\| `([A-Z_]+)`\s*\|[^|]*\|\s*(.*?)\s*\|$/.exec(line))
      .filter((match) => match !== null);
    const serverRows = rows.filter(([, , meaning]) => !meaning?.startsWith('tests:')).map(([, name]) => name);
    expect(serverRows.sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('names only pnpm commands the root package.json has', () => {
    const named = [...readme.matchAll(/`pnpm ([a-z][\w:-]*)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(10);
    for (const command of new Set(named)) expect(scripts, `pnpm ${command}`).toContain(command);
  });
});
