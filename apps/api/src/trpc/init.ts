import { findUserById, isDatabaseUnavailable } from '@journey/db';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { describeTRPCError } from './errors';

/** `successStatus` is the REST status of a success (201 for creates, 204 for deletes). */
export type Meta = OpenApiMeta & { successStatus?: 200 | 201 | 204 };

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

/** Turns "cannot reach the database" into 503 for every procedure. */
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unavailable',
      cause: result.error,
    });
  }
  return result;
});

export const publicProcedure = t.procedure.use(databaseErrors);

/** Auth is checked here once: every write and admin read goes through it (DESIGN.md item 3). */
export const protectedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const userId = ctx.req.session?.get('userId');
  const user = typeof userId === 'number' ? await findUserById(ctx.database.db, userId) : null;
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You must be signed in.' });
  return next({ ctx: { ...ctx, user } });
});
