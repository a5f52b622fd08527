import { InvalidCursorError, isDatabaseUnavailable, isWriteConflict } from '@journey/db';
import { currentUser, SIGN_IN_REQUIRED_MESSAGE } from '../features/auth/current-user';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { PublicTable } from '@journey/db';
import type { Context } from './context';
import type { AuditMeta, AuditNote } from '../features/audit/audit-meta';
import { describeTRPCError, fieldError } from './errors';

/**
 * `successStatus` is the REST status of a success (201 for creates, 202 for work started, 204 for deletes). `publicCache`
 * marks a read whose answer is the same for every reader, and names the public tables it reads: its
 * REST path is served from the PublicCache until a write to one of them, one entry per valid input (so
 * such a read takes only enums, or an id whose unknown values are 404s, which are never kept), and a page built from such reads is kept there too
 * (docs/decisions/061-one-caching-seam.md). `changes` names the public tables a write changes; `[]` for a write
 * that touches none (sessions, accounts, subscribers), which leaves the PublicCache as it is.
 */
export type Meta = OpenApiMeta & {
  successStatus?: 200 | 201 | 202 | 204;
  publicCache?: readonly PublicTable[];
  changes?: readonly PublicTable[];
  /** The REST route's body limit in bytes, for the one write that takes a file (the server's default is 1 MiB). */
  bodyLimit?: number;
  /**
   * Refuse a caller who is not signed in before the body is read, over REST and tRPC alike: for a
   * protected write whose body may be large (docs/decisions/054-imports-as-providers-write-them.md).
   */
  signedInBeforeBody?: true;
  /**
   * What a protected write records in the audit trail once it succeeded (docs/decisions/088-audit-trail.md);
   * every protected mutation declares it (test/audit.test.ts walks the router).
   */
  audit?: AuditMeta;
};

/** For writes that touch no table a public answer shows: see Meta. */
export const PUBLIC_DATA_UNCHANGED = { changes: [] } as const satisfies Meta;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // The one error formatter: tRPC answers carry the same `message` and `errors` as REST ones.
    errorFormatter({ shape, error }) {
      const { status, body } = describeTRPCError(error);
      return {
        message: body.message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: status, path: shape.data.path, errors: body.errors },
        ...(body.errors ? { errors: body.errors } : {}),
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Two changes of one row at once that could not both apply (docs/decisions/057-render-limits-and-http-hardening.md). */
export const WRITE_CONFLICT_MESSAGE =
  'Another change to this entry was made at the same time. Reload and try again.';

/**
 * Turns known failures into their status for every procedure: 503 without a database, 400 for a bad
 * cursor, 409 for a write that met another of the same row.
 */
const knownErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unavailable',
      cause: result.error,
    });
  }
  if (!result.ok && result.error.cause instanceof InvalidCursorError) {
    throw fieldError('BAD_REQUEST', 'cursor', 'Invalid cursor.');
  }
  // A procedure's own 409 (a duplicate it names) has its code already; only the unexpected ones are mapped.
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && isWriteConflict(result.error.cause)) {
    throw new TRPCError({ code: 'CONFLICT', message: WRITE_CONFLICT_MESSAGE, cause: result.error });
  }
  return result;
});

/**
 * Every successful write drops the cached public answers built from the tables it changes before its
 * answer leaves, so no reader is served what it changed, and nothing else: a newsletter sign-up or a
 * login cannot keep the cache cold. A write that names no tables drops everything: forgetting is only
 * slower, never stale.
 */
const invalidatesPublicCache = t.middleware(async ({ ctx, type, meta, next }) => {
  const result = await next();
  if (type === 'mutation' && result.ok && meta?.changes?.length !== 0)
    ctx.publicCache.invalidate(meta?.changes);
  return result;
});

export const publicProcedure = t.procedure.use(knownErrors).use(invalidatesPublicCache);

/**
 * Auth is checked here once: every write and admin read goes through it (docs/decisions/012-registration-and-write-access.md).
 * A write that succeeded then leaves one row in the audit trail, as its `meta.audit` says
 * (docs/decisions/088-audit-trail.md); the session is the one it ran in, even when it ended it.
 */
export const signedInAndAudited = t.middleware(async ({ ctx, type, meta, getRawInput, next }) => {
  const user = await currentUser(ctx.req, ctx.database.db);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED_MESSAGE });
  const sessionId = ctx.req.session.publicId ?? null;
  const auditNote: AuditNote = {};
  const result = await next({ ctx: { ...ctx, user, auditNote } });
  const audit = meta?.audit;
  if (type !== 'mutation' || !result.ok || audit === undefined || audit === 'recorded-inside') return result;
  const call = { input: await getRawInput(), output: result.data, note: auditNote };
  if (audit.skip?.(call)) return result;
  await ctx.audit.record(ctx.req, {
    action: auditNote.action ?? audit.action,
    user,
    sessionId,
    subject: audit.subject?.(call) ?? null,
    detail: { ...audit.detail?.(call), ...auditNote.detail },
  });
  return result;
});

export const protectedProcedure = publicProcedure.use(signedInAndAudited);
