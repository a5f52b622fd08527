import {
  revenueImportAnswerSchema,
  revenueImportIdInput,
  revenueImportInput,
  revenueImportSchema,
  revenueImportUndoSchema,
} from '@journey/contracts';
import { correctImportedEntries, listImports, storeImport, undoImport } from '@journey/db';
import { importRouter } from '../imports/router';
import { planImport } from './plan';

/** docs/decisions/044-provider-imports.md: a provider's CSV export into revenue entries, and its undo. */
export const revenueImportsRouter = importRouter({
  path: '/admin/revenue/imports',
  tag: 'revenue',
  entity: 'revenue',
  changes: ['revenues'],
  summaries: {
    list: 'Provider imports, newest first',
    create: "Import a payment provider's CSV export",
    createDescription:
      'With `dryRun` the preview: counts of rows to add, of entries imported before to correct (refunded since, in part or in full), already imported (duplicate), skipped (refunded, failed, in a currency with no rate) with reasons, and errors with their line (header = 1). Without it the import: `{ id, added, total, corrected }`, or 400 naming the lines in error, storing nothing.',
    undo: 'Undo an import: delete exactly the entries it added',
  },
  schemas: {
    input: revenueImportInput,
    answer: revenueImportAnswerSchema,
    item: revenueImportSchema,
    id: revenueImportIdInput,
    undone: revenueImportUndoSchema,
  },
  list: listImports,
  plan: (db, input) => planImport(db, input.provider, input.csv),
  async store(db, input, plan) {
    const stored = await storeImport(db, {
      provider: input.provider,
      source: input.source,
      entries: plan.entries,
    });
    return { ...stored, corrected: await correctImportedEntries(db, plan.corrections) };
  },
  undo: undoImport,
});
