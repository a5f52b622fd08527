import {
  digestDraftSchema,
  digestMonthLabel,
  digestSettingInput,
  newsletterDigestSchema,
  type NewsletterDigest,
} from '@journey/contracts';
import {
  digestOfMonth,
  draftDigest,
  pendingDigest,
  readDigestState,
  setDigestEnabled,
  type Database,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { composeDigest, lastCompleteMonth } from './compose';

const tags = ['newsletter'];
const DIGEST_PATH = '/admin/newsletter/digest';

async function digestOf(db: Database): Promise<NewsletterDigest> {
  const [state, pending] = await Promise.all([readDigestState(db), pendingDigest(db)]);
  return {
    enabled: state.enabled,
    pending: pending?.broadcast ?? null,
    pendingMonth: pending?.month ?? null,
  };
}

/**
 * The monthly digest (docs/decisions/097-automatic-mail.md): on or off, the draft waiting for the
 * owner's approval, and "draft last month's now". Approving is the ordinary send of its broadcast
 * (`POST /api/admin/broadcasts/{id}/send`), after any edit the owner makes to it.
 */
export const newsletterDigestRouter = router({
  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: DIGEST_PATH,
        tags,
        summary: 'The monthly digest: on or off, and the draft waiting',
      },
    })
    .input(z.void())
    .output(newsletterDigestSchema)
    .query(({ ctx }) => digestOf(ctx.database.db)),

  set: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: DIGEST_PATH, tags, summary: 'Turn the monthly digest on or off' },
      // Drafts only: nothing public changes until the owner sends one.
      ...PUBLIC_DATA_UNCHANGED,
      audit: {
        action: 'newsletter.digest-changed',
        detail: ({ input }) => ({ enabled: (input as { enabled?: unknown }).enabled }),
      },
    })
    .input(digestSettingInput)
    .output(newsletterDigestSchema)
    .mutation(async ({ ctx, input }) => {
      await setDigestEnabled(ctx.database.db, input.enabled, ctx.now());
      return digestOf(ctx.database.db);
    }),

  draftNow: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${DIGEST_PATH}/draft`,
        tags,
        summary: "Draft last month's digest now, to review and send",
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: {
        action: 'newsletter.digest-drafted',
        subject: ({ output }) => {
          const id = (output as { broadcast?: { id?: unknown } } | undefined)?.broadcast?.id;
          return typeof id === 'number' ? `broadcast:${id}` : null;
        },
        detail: ({ output }) => {
          const draft = output as { month?: unknown; created?: unknown } | undefined;
          return { month: draft?.month, created: draft?.created };
        },
      },
    })
    .input(z.void())
    .output(digestDraftSchema)
    .mutation(async ({ ctx }) => {
      const db = ctx.database.db;
      const now = ctx.now();
      const month = lastCompleteMonth(now);
      const existing = await digestOfMonth(db, month);
      if (existing?.status === 'draft') return { broadcast: existing, month, created: false };
      if (existing)
        throw new TRPCError({
          code: 'CONFLICT',
          message: `The digest for ${digestMonthLabel(month)} has been sent already.`,
        });
      const { subject, body } = await composeDigest(ctx, month);
      const drafted = await draftDigest(db, { month, subject, body, now, automatic: false });
      // Drafted by another request at the same moment: that one is the month's digest.
      const broadcast = drafted ?? (await digestOfMonth(db, month));
      if (!broadcast) throw new Error('The digest was not drafted.');
      return { broadcast, month, created: drafted !== null };
    }),
});
