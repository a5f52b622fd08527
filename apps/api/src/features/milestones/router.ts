import {
  adminMilestoneSchema,
  idInput,
  milestoneCreateInput,
  type MilestoneCreateValues,
  milestoneDetailSchema,
  milestonePageInput,
  milestoneSchema,
  milestoneUpdateInput,
  normalizeMilestone,
} from '@journey/contracts';
import {
  countConfirmedSubscribers,
  createMilestone,
  deleteMilestone,
  getMilestoneDetail,
  listMilestones,
  pageMilestones,
  sendBroadcast,
  updateMilestone,
} from '@journey/db';
import type { Database } from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, found, type RowKind } from '../../trpc/admin-rows';
import type { Context } from '../../trpc/context';
import { publicProcedure, router } from '../../trpc/init';
import { withKnownExperiment } from '../costs/router';

const MILESTONE: RowKind = {
  noun: 'Milestone',
  tables: ['milestones'],
  path: '/milestones',
  entity: 'milestone',
};

/**
 * Adds a milestone and, when asked and there is anyone to mail, mails it to the confirmed subscribers
 * as the owner's "Send" does (docs/decisions/097-automatic-mail.md): the row and its broadcast in one
 * transaction, then the broadcast queued and the mail workers woken. Nobody to mail, no broadcast.
 */
async function createAndMail(db: Database, input: MilestoneCreateValues, ctx: Context) {
  const { mailSubscribers, ...values } = input;
  const now = ctx.now();
  const mail = mailSubscribers && (await countConfirmedSubscribers(db)) > 0;
  const { broadcastId, ...milestone } = await withKnownExperiment(
    createMilestone(db, normalizeMilestone(values), mail ? { mailAt: now } : {}),
  );
  if (broadcastId === null) return milestone;
  await sendBroadcast(db, { broadcastId, linkOrigin: ctx.mail.linkOrigin(ctx.req), now });
  ctx.mail.wake();
  // Sent, it is an issue of the public archive (docs/decisions/095-newsletter-archive.md).
  ctx.publicCache.invalidate(['newsletter']);
  return { ...milestone, mailedAt: now.toISOString() };
}

export const milestonesRouter = router({
  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/milestones',
        tags: ['milestones'],
        summary: 'The milestone timeline',
      },
      publicCache: ['milestones'],
    })
    .input(z.void())
    .output(z.array(milestoneSchema))
    .query(({ ctx }) => listMilestones(ctx.database.db)),

  /** A milestone's page: the milestone and its neighbours on the timeline. */
  byId: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/milestones/{id}',
        tags: ['milestones'],
        summary: 'One milestone, with the previous and next ones of the timeline',
      },
      // One entry per milestone: an unknown id is a 404, never kept.
      publicCache: ['milestones'],
    })
    .input(idInput)
    .output(milestoneDetailSchema)
    .query(async ({ ctx, input }) => found(MILESTONE, await getMilestoneDetail(ctx.database.db, input.id))),

  ...adminRowProcedures(MILESTONE, {
    row: adminMilestoneSchema,
    pageInput: milestonePageInput,
    createInput: milestoneCreateInput,
    updateInput: milestoneUpdateInput,
    page: pageMilestones,
    // A milestone naming an experiment that is not there is a 400 on `experimentId`, as a cost's is.
    create: createAndMail,
    update: (db, id, values) => withKnownExperiment(updateMilestone(db, id, normalizeMilestone(values))),
    remove: deleteMilestone,
  }),
});
