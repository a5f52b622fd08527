import {
  costImportAnswerSchema,
  costImportIdInput,
  costImportInput,
  costImportSchema,
  costImportUndoSchema,
  IMPORT_CSV_MAX_BYTES,
  type ImportLine,
} from '@journey/contracts';
import { listCostImports, storeCostImport, undoCostImport } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { fieldError, FieldErrorsCause } from '../../trpc/errors';
import { protectedProcedure, router } from '../../trpc/init';
import { ImportFileError } from '../revenue-imports/read-export';
import { planCostImport } from './plan';

const PATH = '/admin/costs/imports';

/** The REST route of a procedure here, under the costs tag. */
const route = (
  method: 'GET' | 'POST' | 'DELETE',
  path: `/${string}`,
  summary: string,
  description?: string,
) => ({
  openapi: { method, path, tags: ['costs'], summary, ...(description ? { description } : {}) },
});
/** The rows in error a refused import names in its answer's `errors`. */
const NAMED_ERRORS = 20;
/** As the revenue import's (revenue-imports/router.ts): the CSV's 10 MB as JSON text. */
const BODY_LIMIT = 2 * IMPORT_CSV_MAX_BYTES + 64 * 1024;

/** A 400 naming the first rows in error: a non-dry run with any stores nothing. */
function rowErrors(errors: ImportLine[]): TRPCError {
  const [first] = errors;
  const rows = errors.length === 1 ? '1 row has an error' : `${errors.length} rows have errors`;
  const message = `Line ${first?.line}: ${first?.message} Nothing was imported: ${rows}.`;
  const named = Object.fromEntries(errors.slice(0, NAMED_ERRORS).map((e) => [`line ${e.line}`, e.message]));
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldErrorsCause(named) });
}

/**
 * docs/decisions/082-experiment-money.md: a billing export into costs, and its undo. Costs are part
 * of the experiments' public figures.
 */
export const costImportsRouter = router({
  list: protectedProcedure
    .meta(route('GET', PATH, 'Cost imports, newest first'))
    .input(z.void())
    .output(z.array(costImportSchema))
    .query(({ ctx }) => listCostImports(ctx.database.db)),

  create: protectedProcedure
    .meta({
      ...route(
        'POST',
        PATH,
        'Import a billing export (OpenAI, Anthropic) or a generic CSV into costs',
        'With `dryRun` the preview: the rows to add (each rounded to the cent), the lines already imported (`duplicate`), those under half a cent (`skipped`), and the rows refused with their line (header = 1) and reason; only USD amounts are read. Without it the import: `{ id, added, total }`, or 400 naming the lines in error, storing nothing.',
      ),
      changes: ['experiments'],
      bodyLimit: BODY_LIMIT,
      signedInBeforeBody: true,
    })
    .input(costImportInput)
    .output(costImportAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const plan = await planCostImport(ctx.database.db, input.format, input.csv).catch((error: unknown) => {
        if (error instanceof ImportFileError) throw fieldError('BAD_REQUEST', 'csv', error.message);
        throw error;
      });
      if (input.dryRun) return plan.preview;
      if (plan.errors.length > 0) throw rowErrors(plan.errors);
      return storeCostImport(ctx.database.db, { format: input.format, entries: plan.entries });
    }),

  undo: protectedProcedure
    .meta({
      ...route('DELETE', `${PATH}/{id}`, 'Undo a cost import: delete exactly the costs it added'),
      changes: ['experiments'],
    })
    .input(costImportIdInput)
    .output(costImportUndoSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await undoCostImport(ctx.database.db, input.id, ctx.now());
      if (outcome === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Import not found' });
      if (outcome === 'already-undone')
        throw new TRPCError({ code: 'CONFLICT', message: 'This import has already been undone.' });
      return outcome;
    }),
});
