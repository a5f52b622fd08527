import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS, RUNS, SEED, useFuzzServer } from './harness';
import { describeWriteFuzz, IMPORT_WRITES } from './writes';

describeWriteFuzz('revenue imports', IMPORT_WRITES);

const hexOf = (length: number) =>
  Array.from({ length: Math.ceil(length / 64) }, (_, i) =>
    createHash('sha256').update(`${length}:${i}`).digest('hex'),
  )
    .join('')
    .slice(0, length);

/**
 * Transaction ids of any length and text (docs/decisions/054-imports-as-providers-write-them.md): the
 * preview and the import agree, a row the preview lists in error makes the import a 400 naming its
 * line, and nothing is ever a 5xx (a 9,000-character id once passed the preview and failed the import).
 */
describe('revenue imports with hostile transaction ids', () => {
  const fuzz = useFuzzServer();
  const post = (csv: string, dryRun: boolean) =>
    fuzz.server.app.inject({
      method: 'POST',
      url: '/api/admin/revenue/imports',
      headers: { 'content-type': 'application/json', cookie: fuzz.cookie },
      payload: { provider: 'generic', source: 'ai', csv, dryRun },
    });
  const id = fc.oneof(
    fc.string({ minLength: 1, maxLength: 300, unit: 'binary' }),
    // Long hex, which does not compress: past the unique index's limit on PostgreSQL and PGlite.
    fc.integer({ min: 250, max: 10_000 }).map((length) => hexOf(length)),
  );

  it(
    'previews and imports them alike, never with a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(id, async (externalId) => {
          const csv = stringify([
            ['date', 'amount', 'description', 'id'],
            ['2024-07-01', '10.00', 'A fuzzed sale', externalId],
          ]);
          const preview = await post(csv, true);
          expect(preview.statusCode, preview.body).toBeLessThan(500);
          const imported = await post(csv, false);
          expect(imported.statusCode, imported.body).toBeLessThan(500);
          if (preview.statusCode !== 200) {
            expect(imported.statusCode).toBe(preview.statusCode);
            return;
          }
          const { add, errors } = preview.json() as { add: number; errors: unknown[] };
          if (errors.length > 0) expect(imported.statusCode, imported.body).toBe(400);
          else expect(imported.json().added).toBe(add);
        }),
        // Two requests a run: a tenth of the writes' runs keeps the file's time near theirs.
        { numRuns: Math.ceil(RUNS / 10), seed: SEED },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
