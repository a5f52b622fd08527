import { verificationSchema } from '@journey/contracts';
import { publicVerification } from '@journey/db';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc/init';

/** docs/decisions/077-provider-connections.md: the payment providers that vouch for the revenue. */
export const connectionsRouter = router({
  /** The tracker's verified line, and open data at /api/public/verification.json. */
  verification: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/verification.json',
        tags: ['open data'],
        summary: 'How much of the revenue a payment provider vouches for, and the ledger’s head',
      },
      publicCache: ['revenues', 'connections'],
    })
    .input(z.void())
    .output(verificationSchema)
    .query(({ ctx }) => publicVerification(ctx.database.db)),
});
