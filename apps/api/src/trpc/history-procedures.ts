import { idInput } from '@journey/contracts';
import { ImportedAgainError, type Database } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { fieldOf, rowWrite, subjectFrom } from '../features/audit/audit-meta';
import { changesOf, notFound, type RowKind } from './admin-rows';
import { protectedProcedure, type Meta } from './init';

/**
 * The history of one kind of row the ledger publishes, revenue entry or cost
 * (docs/decisions/043-correction-ledger.md, 084-ledger-commitments.md): the rows deleted by hand, one
 * row's changes, and the undo of its newest change, at `{collection}/deleted`, `{collection}/{id}/history`
 * and `{collection}/{id}/undo`.
 */
export interface HistorySpec<TChange, TDeleted> {
  /** The REST collection: `/admin/revenue`, `/admin/costs`. */
  collection: `/admin/${string}`;
  /** The OpenAPI tag. */
  tag: string;
  /** As summaries name the rows: "Revenue entries", "Costs". */
  plural: string;
  change: z.ZodType<TChange, TChange>;
  deletedRow: z.ZodType<TDeleted, TDeleted>;
  undoInput: z.ZodType<{ id: number; reason?: string | undefined }>;
  history: (db: Database, id: number) => Promise<TChange[]>;
  deleted: (db: Database) => Promise<TDeleted[]>;
  /** True when the id names a row now, or one that has a history. */
  isKnown: (db: Database, id: number) => Promise<boolean>;
  undo: (db: Database, id: number, reason?: string | null) => Promise<TChange | null>;
}

export function historyProcedures<TChange, TDeleted>(kind: RowKind, spec: HistorySpec<TChange, TDeleted>) {
  const one = `${/^[aeiou]/i.test(kind.noun) ? 'an' : 'a'} ${kind.noun.toLowerCase()}`;
  const ofOne = (method: 'GET' | 'POST', action: string, summary: string): Meta => ({
    openapi: { method, path: `${spec.collection}/{id}/${action}` as const, tags: [spec.tag], summary },
  });
  return {
    /** Rows deleted by hand, newest first, to look at and restore (an undo of the delete). */
    deleted: protectedProcedure
      .meta({
        openapi: {
          method: 'GET',
          path: `${spec.collection}/deleted` as const,
          tags: [spec.tag],
          summary: `${spec.plural} deleted by hand, newest first (at most 50)`,
        },
      })
      .input(z.void())
      .output(z.array(spec.deletedRow))
      .query(({ ctx }) => spec.deleted(ctx.database.db)),

    /** A row's recorded changes, newest first; a deleted row keeps its history. */
    history: protectedProcedure
      .meta(ofOne('GET', 'history', `${capitalised(one)}'s changes, newest first`))
      .input(idInput)
      .output(z.object({ changes: z.array(spec.change) }))
      .query(async ({ ctx, input }) => {
        const changes = await spec.history(ctx.database.db, input.id);
        if (changes.length === 0 && !(await spec.isKnown(ctx.database.db, input.id))) throw notFound(kind);
        return { changes };
      }),

    /** Reverts the row's newest change, recorded and published as a change of its own. */
    undo: protectedProcedure
      // Undoing again undoes the undo: it is always the last change that is reverted.
      .meta({
        ...changesOf(kind),
        ...ofOne('POST', 'undo', `Undo ${one}'s last change`),
        // The answer is the change the undo made: its id is not the row's.
        audit: {
          ...rowWrite(kind.entity, 'undone'),
          subject: (call) => subjectFrom(kind.entity)({ ...call, output: undefined }),
          detail: ({ input }) => reasonOf(input),
        },
      })
      .input(spec.undoInput)
      .output(spec.change)
      .mutation(async ({ ctx, input }) => {
        const undone = await spec.undo(ctx.database.db, input.id, input.reason).catch((error: unknown) => {
          if (error instanceof ImportedAgainError)
            throw new TRPCError({ code: 'CONFLICT', message: error.message });
          throw error;
        });
        // tRPC's output type is left open for a generic change; `spec.undo` checks it (as admin-rows.ts).
        if (undone) return undone as never;
        if (!(await spec.isKnown(ctx.database.db, input.id))) throw notFound(kind);
        throw new TRPCError({
          code: 'CONFLICT',
          message: `This ${kind.noun.toLowerCase()} has no recorded change to undo.`,
        });
      }),
  };
}

const reasonOf = (input: unknown): Record<string, unknown> => {
  const reason = fieldOf(input, 'reason');
  return typeof reason === 'string' ? { reason } : {};
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
