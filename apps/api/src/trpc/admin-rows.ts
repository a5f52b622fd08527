import { idInput, pageOutput, type Page } from '@journey/contracts';
import type { Database, PublicTable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { rowWrite } from '../features/audit/audit-meta';
import type { Context } from './context';
import { protectedProcedure, PUBLIC_DATA_UNCHANGED, type Meta } from './init';

/** One kind of row the admin pages through and writes: how its messages, REST paths and cache invalidation name it. */
export interface RowKind {
  /** As a message starts: `Revenue entry` (then `Revenue entry not found`). */
  noun: string;
  /** The public tables its writes change; empty when no public answer shows it. */
  tables: readonly PublicTable[];
  /**
   * Its REST collection, where new rows are posted, which also names its OpenAPI tag; one row lives
   * at `/admin{path}/{id}`, or at `{path}/{id}` for a collection under `/admin/` already (costs). None
   * for a tRPC-only write.
   */
  path?: `/${string}`;
  /** How the audit trail names it: `revenue` gives `revenue.created` on `revenue:42`. */
  entity: string;
}

export const changesOf = (kind: RowKind): Meta =>
  kind.tables.length > 0 ? { changes: kind.tables } : PUBLIC_DATA_UNCHANGED;

const openapi = (kind: RowKind, method: 'POST' | 'PUT' | 'DELETE', verb: string): Meta => {
  if (!kind.path) return {};
  const collection = kind.path.startsWith('/admin/') ? kind.path : (`/admin${kind.path}` as const);
  const path = method === 'POST' ? kind.path : (`${collection}/{id}` as const);
  const one = `${/^[aeiou]/i.test(kind.noun) ? 'an' : 'a'} ${kind.noun.toLowerCase()}`;
  const tag = kind.path.slice(kind.path.lastIndexOf('/') + 1);
  return { openapi: { method, path, tags: [tag], summary: `${verb} ${one}` } };
};

export const notFound = (kind: Pick<RowKind, 'noun'>) =>
  new TRPCError({ code: 'NOT_FOUND', message: `${kind.noun} not found` });

/** `row`, or the NOT_FOUND of its kind when there is none. */
export function found<T>(kind: Pick<RowKind, 'noun'>, row: T | null | undefined): T {
  if (!row) throw notFound(kind);
  return row;
}

/** `page`: the admin table, sorted, filtered and paged by the server. */
export function pageProcedure<I extends z.ZodType, TRow>(
  schemas: { input: I; row: z.ZodType<TRow, TRow> },
  page: (db: Database, input: z.output<I>) => Promise<Page<TRow>>,
) {
  return (
    protectedProcedure
      .input(schemas.input)
      .output(pageOutput(schemas.row))
      // See createProcedure: `page`'s signature checks the rows against the schema.
      .query(({ ctx, input }) => page(ctx.database.db, input as z.output<I>) as Promise<never>)
  );
}

/** `create`: a 201 with the new row. */
export function createProcedure<I extends z.ZodType, TRow>(
  kind: RowKind,
  schemas: { input: I; output: z.ZodType<TRow, TRow> },
  /** `ctx` for a create that does more than write its row (a milestone mailed when published). */
  create: (db: Database, input: z.output<I>, ctx: Context) => Promise<TRow>,
) {
  return (
    protectedProcedure
      .meta({
        ...changesOf(kind),
        ...openapi(kind, 'POST', 'Add'),
        successStatus: 201,
        audit: rowWrite(kind.entity, 'created'),
      })
      .input(schemas.input)
      .output(schemas.output)
      // tRPC's output type is a conditional type TypeScript leaves open for a generic row; the
      // signature of `create` checks the row against the schema instead.
      .mutation(({ ctx, input }) => create(ctx.database.db, input as z.output<I>, ctx) as Promise<never>)
  );
}

/** `update`: the edited row, or 404 when the id names none. */
export function updateProcedure<I extends z.ZodType<{ id: number }>, TRow>(
  kind: RowKind,
  schemas: { input: I; output: z.ZodType<TRow, TRow> },
  update: (db: Database, id: number, values: Omit<z.output<I>, 'id'>) => Promise<TRow | null>,
) {
  return protectedProcedure
    .meta({ ...changesOf(kind), ...openapi(kind, 'PUT', 'Edit'), audit: rowWrite(kind.entity, 'updated') })
    .input(schemas.input)
    .output(schemas.output)
    .mutation(async ({ ctx, input }) => {
      const { id, ...values } = input as z.output<I>;
      const updated = await update(ctx.database.db, id, values);
      if (!updated) throw notFound(kind);
      // See createProcedure: `update`'s signature checks the row against the schema.
      return updated as never;
    });
}

/** `delete`: a 204, or 404 when the id names none. `input` may carry more than the id (a reason). */
export function deleteProcedure<I extends z.ZodType<{ id: number }> = typeof idInput>(
  kind: RowKind,
  remove: (db: Database, id: number, rest: Omit<z.output<I>, 'id'>) => Promise<boolean>,
  input: I = idInput as unknown as I,
) {
  return protectedProcedure
    .meta({
      ...changesOf(kind),
      ...openapi(kind, 'DELETE', 'Delete'),
      ...(kind.path ? { successStatus: 204 as const } : {}),
      audit: rowWrite(kind.entity, 'deleted'),
    })
    .input(input)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const { id, ...rest } = input as z.output<I>;
      if (!(await remove(ctx.database.db, id, rest))) throw notFound(kind);
    });
}

/** The admin's table and writes of one kind of row, to spread into its router. */
export function adminRowProcedures<
  P extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType<{ id: number }>,
  TRow,
>(
  kind: RowKind,
  spec: {
    row: z.ZodType<TRow, TRow>;
    pageInput: P;
    createInput: C;
    updateInput: U;
    page: (db: Database, input: z.output<P>) => Promise<Page<TRow>>;
    create: (db: Database, input: z.output<C>, ctx: Context) => Promise<TRow>;
    update: (db: Database, id: number, values: Omit<z.output<U>, 'id'>) => Promise<TRow | null>;
    remove: (db: Database, id: number) => Promise<boolean>;
  },
) {
  return {
    page: pageProcedure({ input: spec.pageInput, row: spec.row }, spec.page),
    create: createProcedure(kind, { input: spec.createInput, output: spec.row }, spec.create),
    update: updateProcedure(kind, { input: spec.updateInput, output: spec.row }, spec.update),
    delete: deleteProcedure(kind, spec.remove),
  };
}
