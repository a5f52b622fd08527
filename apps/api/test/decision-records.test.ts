/**
 * Every decision record opens the way docs/decisions/README.md says: `# NNN: Title`, a blank line, and a
 * status line with its date, naming the records that amended or superseded it; the README's table has a
 * row for each, with the same status (docs/decisions/068-docs-that-stay-true.md). File reads only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const decisionsDir = path.resolve(import.meta.dirname, '../../../docs/decisions');
const records = readdirSync(decisionsDir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const readme = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');

const DATE = String.raw`\(\d{4}-\d{2}-\d{2}\)`;
const LINK = String.raw`\[(\d{3})\]\((\d{3}-[\w-]+\.md)\)`;
const LINKS = String.raw`${LINK}(?:(?:, | and )${LINK})*`;
const STATUS = new RegExp(
  `^Status: (?:accepted ${DATE}(?:; amended by ${LINKS})?|superseded by ${LINK} ${DATE}(?:; amended by ${LINKS})?)$`,
);

describe('docs/decisions', () => {
  it('has records', () => {
    expect(records.length).toBeGreaterThanOrEqual(60);
  });

  it.each(records)('%s opens with its number, title and status', (name) => {
    const [heading = '', blank, status = ''] = readFileSync(path.join(decisionsDir, name), 'utf8').split(
      '\n',
    );
    expect(heading).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(blank).toBe('');
    expect(status).toMatch(STATUS);
    const text = readFileSync(path.join(decisionsDir, name), 'utf8');
    expect(text.match(/^Status:/gm), `${name} has one status line`).toHaveLength(1);
    for (const [, number, file] of status.matchAll(new RegExp(LINK, 'g'))) {
      expect(file?.slice(0, 3), `${name}: the link to ${number}`).toBe(number);
      expect(existsSync(path.join(decisionsDir, file ?? '')), `${name}: ${file} exists`).toBe(true);
      expect(Number(number), `${name}: a later record changes it`).toBeGreaterThan(Number(name.slice(0, 3)));
    }
  });

  it.each(records)('%s has its row in the README, with its status', (name) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| [${name.slice(0, 3)}](${name})`));
    expect(row, `docs/decisions/README.md has a row for ${name}`).toBeDefined();
    const status = readFileSync(path.join(decisionsDir, name), 'utf8').split('\n')[2] ?? '';
    const superseded = /^Status: superseded by \[(\d{3})\]/.exec(status);
    const cells = (row ?? '').split('|').map((cell) => cell.trim());
    expect(cells[2], `the status column of ${name}`).toMatch(
      superseded ? new RegExp(`^superseded by ${superseded[1]}`) : /^accepted/,
    );
  });
});
