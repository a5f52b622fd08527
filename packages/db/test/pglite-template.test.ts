import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { revenueInput } from '@journey/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, createRevenue, listExperiments, listRevenues } from '../src';
import { pgliteTemplateFile } from '../test-support/test-database';

const root = mkdtempSync(path.join(os.tmpdir(), 'journey-template-'));
const dataDir = path.join(root, 'pglite');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A template as the build writes one: a closed, migrated data directory. */
async function templateDirectory(): Promise<string> {
  const template = path.join(root, 'template');
  const dump = new Blob([readFileSync(await pgliteTemplateFile())]);
  await (await createDatabase({ driver: 'pglite', dataDir: template, loadDataDir: dump })).close();
  return template;
}

// Runs on PGlite whichever database the rest of the suite uses: a first start of the embedded database.
describe('a new embedded data directory', () => {
  it('starts as a copy of the migrated template, and an existing one is opened as it is', async () => {
    const template = await templateDirectory();
    const first = await createDatabase({ driver: 'pglite', dataDir, template });
    try {
      expect(await listExperiments(first.db)).toHaveLength(5);
      await createRevenue(
        first.db,
        revenueInput.parse({
          amount: '12.34',
          source: 'ai',
          description: 'Kept across starts',
          date: '2025-01-02',
        }),
      );
    } finally {
      await first.close();
    }
    const again = await createDatabase({ driver: 'pglite', dataDir, template });
    try {
      expect((await listRevenues(again.db)).map((r) => r.description)).toEqual(['Kept across starts']);
    } finally {
      await again.close();
    }
  });
});
