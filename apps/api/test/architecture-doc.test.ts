/**
 * docs/architecture.md states facts about this code that drift when the code moves: the folders of
 * apps/api/src, the stages server.ts registers, the tables of the schema, and the limits. Its blocks
 * marked `<!-- checked: … -->` are read here and compared with the source, as text: no server, no
 * database. When one fails, the code changed and the doc did not: update the doc (the message says
 * which block). Why: docs/decisions/068-docs-that-stay-true.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const srcDir = path.join(repoRoot, 'apps/api/src');
const doc = readFileSync(path.join(repoRoot, 'docs/architecture.md'), 'utf8');

/** The text between `<!-- checked: name … -->` and the next `<!-- checked: end -->`. */
function checkedBlock(name: string): string {
  const start = doc.search(new RegExp(`<!-- checked: ${name}\\b[^>]*-->`));
  if (start < 0) throw new Error(`docs/architecture.md has no <!-- checked: ${name} --> block`);
  const rest = doc.slice(start);
  const end = rest.indexOf('<!-- checked: end -->', 1);
  // A block runs to the next marker of any kind, so two adjacent blocks need only one end.
  const next = rest.slice(1).search(/<!-- checked: /) + 1;
  const stop = [end, next].filter((i) => i > 0);
  return stop.length > 0 ? rest.slice(0, Math.min(...stop)) : rest;
}

/** Every folder under `dir`, as paths relative to it ending in `/`. */
function foldersUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const relative = `${prefix}${entry.name}/`;
      return [relative, ...foldersUnder(path.join(dir, entry.name), relative)];
    });
}

/** The paths the server tree names: the first word of each line that starts in the first column. */
function treePaths(): string[] {
  const fence = /```\n([\s\S]*?)```/.exec(checkedBlock('server-tree'));
  if (!fence?.[1]) throw new Error('the server-tree block of docs/architecture.md has no fenced tree');
  return fence[1]
    .split('\n')
    .filter((line) => /^\S/.test(line))
    .map((line) => line.split(/\s+/, 1)[0] ?? '');
}

/** A stage's plugins: `app.x`, `external.x` and `routes.x` as they are written, in order. */
const pluginsIn = (text: string) =>
  [...text.matchAll(/\b(?:app|external|routes)\.[a-z]\w*/g)].map((m) => m[0]);

describe('docs/architecture.md', () => {
  it('names every folder of apps/api/src in its server tree, and only those', () => {
    const named = treePaths();
    // `plugins/app/` names `plugins/` too.
    const ancestors = (folder: string) =>
      folder
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`);
    const namedFolders = [...new Set(named.filter((p) => p.endsWith('/')).flatMap(ancestors))].sort();
    expect(namedFolders, 'the server-tree block: folders').toEqual(foldersUnder(srcDir).sort());
    for (const file of named.filter((p) => !p.endsWith('/')))
      expect(readdirSync(path.join(srcDir, path.dirname(file))), `the server-tree block: ${file}`).toContain(
        path.basename(file),
      );
  });

  it('lists the stages of server.ts with their plugins in registration order', () => {
    const source = readFileSync(path.join(srcDir, 'server.ts'), 'utf8');
    const body = source.slice(source.indexOf('export async function buildServer'));
    // server.ts opens each stage with a `// Stage N:` comment; the plugins follow in registration order.
    const codeStages = body.split(/\/\/ Stage \d+:/).slice(1);
    expect(codeStages.length, 'server.ts marks its stages with `// Stage N:` comments').toBeGreaterThan(0);
    const lastStage = codeStages.length - 1;
    // The last stage ends where buildServer returns.
    codeStages[lastStage] = (codeStages[lastStage] ?? '').split(/\n\}\n/, 1)[0] ?? '';

    const docStages = checkedBlock('stages')
      .split(/\n(?=\d+\. )/)
      .filter((item) => /^\d+\. /.test(item));
    expect(docStages.map(pluginsIn), 'the stages block: its plugins, stage by stage').toEqual(
      codeStages.map(pluginsIn),
    );
  });

  it('names every table of the schema, and only those', () => {
    const dbSrc = path.join(repoRoot, 'packages/db/src');
    const sources = readdirSync(dbSrc, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(path.join(dbSrc, file), 'utf8'));
    const tables = sources.flatMap((source) =>
      [...source.matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((m) => m[1]),
    );
    const named = [...checkedBlock('tables').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect([...new Set(named)].sort(), 'the tables block').toEqual([...new Set(tables)].sort());
  });

  it('gives each limit the value of the constant it names', () => {
    const rows = checkedBlock('limits')
      .split('\n')
      .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
      .slice(1); // the header
    expect(rows.length, 'the limits block has a table').toBeGreaterThan(0);
    for (const row of rows) {
      const [, value = '', where = ''] = row.split('|').slice(1, -1);
      const named = /`([\w.]+)` in `([^`]+)`/.exec(where);
      if (!named?.[1] || !named[2]) throw new Error(`a limits row names no constant and file: ${row}`);
      const stated = Number(/[\d,]+/.exec(value)?.[0].replaceAll(',', ''));
      expect(stated, `the limits block: ${named[1]}`).toBe(constantValue(named[2], named[1]));
    }
  });
});

/**
 * The value of `NAME` (`export const NAME = 1024 * 1024;`) or `NAME.field` (a field of an object
 * literal assigned to NAME) in a source file: numbers, `_` separators and products only.
 */
function constantValue(file: string, name: string): number {
  const source = readFileSync(path.join(repoRoot, file), 'utf8');
  const [constant = '', field] = name.split('.');
  const declared = new RegExp(`\\bconst ${constant}\\b[^=]*=\\s*`).exec(source);
  if (!declared) throw new Error(`${file} declares no constant ${constant}`);
  let expression = source.slice(declared.index + declared[0].length);
  if (field) {
    const inObject = new RegExp(`\\b${field}:\\s*([^,\\n}]+)`).exec(
      expression.slice(0, expression.indexOf('}')),
    );
    if (!inObject?.[1]) throw new Error(`${file}: ${constant} has no field ${field}`);
    expression = inObject[1];
  }
  const product = /^[\d_]+(?:\s*\*\s*[\d_]+)*/.exec(expression.trim());
  if (!product) throw new Error(`${file}: ${name} is not a number or a product of numbers`);
  return product[0]
    .split('*')
    .reduce((total, factor) => total * Number(factor.trim().replaceAll('_', '')), 1);
}
