import {
  IMPORT_CSV_MAX_BYTES,
  revenueImportAnswerSchema,
  revenueImportIdInput,
  revenueImportInput,
  revenueImportSchema,
  revenueImportUndoSchema,
  type ImportLine,
} from '@journey/contracts';
import { correctImportedEntries, listImports, storeImport, undoImport } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { fieldError, FieldErrorsCause } from '../../trpc/errors';
import { protectedProcedure, router } from '../../trpc/init';
import { planImport } from './plan';
import { ImportFileError } from './read-export';

const PATH = '/admin/revenue/imports';

/** The REST route of a procedure here, under the revenue tag. */
const route = (
  method: 'GET' | 'POST' | 'DELETE',
  path: `/${string}`,
  summary: string,
  description?: string,
) => ({
  openapi: { method, path, tags: ['revenue'], summary, ...(description ? { description } : {}) },
});
/** The rows in error a refused import names in its answer's `errors`. */
const NAMED_ERRORS = 20;
/**
 * The route's body limit: the CSV's 10 MB as JSON text (escaped quotes and line breaks take two
 * bytes), so a file just over the limit still reaches the check that says why it is refused.
 */
const BODY_LIMIT = 2 * IMPORT_CSV_MAX_BYTES + 64 * 1024;

/** A 400 naming the first rows in error: a non-dry run with any stores nothing. */
function rowErrors(errors: ImportLine[]): TRPCError {
  const [first] = errors;
  const rows = errors.length === 1 ? '1 row has an error' : `${errors.length} rows have errors`;
  const message = `Line ${first?.line}: ${first?.message} Nothing was imported: ${rows}.`;
  const named = Object.fromEntries(errors.slice(0, NAMED_ERRORS).map((e) => [`line ${e.line}`, e.message]));
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldErrorsCause(named) });
}

/** docs/decisions/044-provider-imports.md: a provider's CSV export into revenue entries, and its undo. */
export const revenueImportsRouter = router({
  list: protectedProcedure
    .meta(route('GET', PATH, 'Provider imports, newest first'))
    .input(z.void())
    .output(z.array(revenueImportSchema))
    .query(({ ctx }) => listImports(ctx.database.db)),

  create: protectedProcedure
    .meta({
      ...route(
        'POST',
        PATH,
        "Import a payment provider's CSV export",
        'With `dryRun` the preview: counts of rows to add, of entries imported before to correct (refunded since, in part or in full), already imported (duplicate), skipped (refunded, failed, in a currency with no rate) with reasons, and errors with their line (header = 1). Without it the import: `{ id, added, total, corrected }`, or 400 naming the lines in error, storing nothing.',
      ),
      changes: ['revenues'],
      bodyLimit: BODY_LIMIT,
      signedInBeforeBody: true,
    })
    .input(revenueImportInput)
    .output(revenueImportAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const plan = await planImport(ctx.database.db, input.provider, input.csv).catch((error: unknown) => {
        if (error instanceof ImportFileError) throw fieldError('BAD_REQUEST', 'csv', error.message);
        throw error;
      });
      if (input.dryRun) return plan.preview;
      if (plan.errors.length > 0) throw rowErrors(plan.errors);
      const stored = await storeImport(ctx.database.db, {
        provider: input.provider,
        source: input.source,
        entries: plan.entries,
      });
      return { ...stored, corrected: await correctImportedEntries(ctx.database.db, plan.corrections) };
    }),

  undo: protectedProcedure
    .meta({
      ...route('DELETE', `${PATH}/{id}`, 'Undo an import: delete exactly the entries it added'),
      changes: ['revenues'],
    })
    .input(revenueImportIdInput)
    .output(revenueImportUndoSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await undoImport(ctx.database.db, input.id, ctx.now());
      if (outcome === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Import not found' });
      if (outcome === 'already-undone')
        throw new TRPCError({ code: 'CONFLICT', message: 'This import has already been undone.' });
      return outcome;
    }),
});
