import { IMPORT_CSV_MAX_BYTES, type ImportLine } from '@journey/contracts';
import type { Database, PublicTable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { fieldError, FieldErrorsCause } from '../../trpc/errors';
import { protectedProcedure, router } from '../../trpc/init';
import { fieldOf, subjectFrom } from '../audit/audit-meta';

/** The named fields of a value that are plain numbers or strings. */
const pick = (value: unknown, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(
    keys
      .map((key) => [key, fieldOf(value, key)] as const)
      .filter(([, field]) => typeof field === 'string' || typeof field === 'number'),
  );
import { ImportFileError } from './read-file';

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

/** What importing a file would do: its preview, and every row in error (unlisted ones included). */
export interface ImportPlanOf<Preview> {
  preview: Preview;
  errors: ImportLine[];
}

/** The REST route of a procedure, under its kind's OpenAPI tag. */
const route = (
  tag: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: `/${string}`,
  summary: string,
  description?: string,
) => ({
  openapi: { method, path, tags: [tag], summary, ...(description ? { description } : {}) },
});

/**
 * The router of one kind of CSV import (docs/decisions/044-provider-imports.md, 082-experiment-money.md):
 * `list` the imports, newest first; `create` the preview (dry run) or the import, which stores nothing
 * when a row is in error; `undo` one, deleting exactly what it added. The kind gives its REST
 * collection, OpenAPI tag and texts, the public tables it changes, its schemas, and the steps that
 * differ: reading and planning a file (`plan`, which refuses a file it cannot read with
 * ImportFileError), storing a plan, listing and undoing imports.
 */
export function importRouter<
  I extends z.ZodType<{ dryRun: boolean }>,
  Id extends z.ZodType<{ id: number }>,
  Plan extends ImportPlanOf<Preview>,
  Preview,
  Stored,
  Item,
  Undone,
>(kind: {
  path: `/${string}`;
  tag: string;
  /** What it imports, as the audit trail names it: `revenue` gives `import.revenue` on `revenue-import:7`. */
  entity: 'revenue' | 'cost';
  changes: readonly PublicTable[];
  summaries: { list: string; create: string; createDescription: string; undo: string };
  schemas: {
    input: I;
    answer: z.ZodType<Preview | Stored, Preview | Stored>;
    item: z.ZodType<Item, Item>;
    id: Id;
    undone: z.ZodType<Undone, Undone>;
  };
  list: (db: Database) => Promise<Item[]>;
  plan: (db: Database, input: z.output<I>) => Promise<Plan>;
  store: (db: Database, input: z.output<I>, plan: Plan) => Promise<Stored>;
  undo: (db: Database, id: number, now: Date) => Promise<Undone | 'not-found' | 'already-undone'>;
}) {
  const { path, summaries, schemas } = kind;
  return router({
    list: protectedProcedure
      .meta(route(kind.tag, 'GET', path, summaries.list))
      .input(z.void())
      .output(z.array(schemas.item))
      // tRPC's output type is a conditional type TypeScript leaves open for a generic schema; the
      // kind's signatures check its answers against its schemas instead (as trpc/admin-rows.ts).
      .query(({ ctx }) => kind.list(ctx.database.db) as Promise<never>),

    create: protectedProcedure
      .meta({
        ...route(kind.tag, 'POST', path, summaries.create, summaries.createDescription),
        changes: kind.changes,
        bodyLimit: BODY_LIMIT,
        signedInBeforeBody: true,
        // A dry run stores nothing; the file itself is never kept, only what came of it.
        audit: {
          action: `import.${kind.entity}`,
          subject: subjectFrom(`${kind.entity}-import`),
          detail: ({ input, output }) => ({
            ...pick(input, ['provider', 'format', 'source']),
            ...pick(output, ['added', 'total', 'corrected']),
          }),
          skip: ({ input }) => fieldOf(input, 'dryRun') === true,
        },
      })
      .input(schemas.input)
      .output(schemas.answer)
      .mutation(async ({ ctx, input }) => {
        const request = input as z.output<I>;
        const plan = await kind.plan(ctx.database.db, request).catch((error: unknown) => {
          if (error instanceof ImportFileError) throw fieldError('BAD_REQUEST', 'csv', error.message);
          throw error;
        });
        if (request.dryRun) return plan.preview as never;
        if (plan.errors.length > 0) throw rowErrors(plan.errors);
        return (await kind.store(ctx.database.db, request, plan)) as never;
      }),

    undo: protectedProcedure
      .meta({
        ...route(kind.tag, 'DELETE', `${path}/{id}`, summaries.undo),
        changes: kind.changes,
        audit: {
          action: 'import.undone',
          subject: (call) => subjectFrom(`${kind.entity}-import`)({ ...call, output: undefined }),
          detail: () => ({ kind: kind.entity }),
        },
      })
      .input(schemas.id)
      .output(schemas.undone)
      .mutation(async ({ ctx, input }) => {
        const outcome = await kind.undo(ctx.database.db, (input as z.output<Id>).id, ctx.now());
        if (outcome === 'not-found') throw new TRPCError({ code: 'NOT_FOUND', message: 'Import not found' });
        if (outcome === 'already-undone')
          throw new TRPCError({ code: 'CONFLICT', message: 'This import has already been undone.' });
        return outcome as never;
      }),
  });
}
