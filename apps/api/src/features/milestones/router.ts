import {
  idInput,
  milestoneDetailSchema,
  milestoneInput,
  milestonePageInput,
  milestoneSchema,
  milestoneUpdateInput,
  normalizeMilestone,
  pageOutput,
} from '@journey/contracts';
import {
  createMilestone,
  deleteMilestone,
  getMilestoneDetail,
  listMilestones,
  pageMilestones,
  updateMilestone,
} from '@journey/db';
import { z } from 'zod';
import {
  createProcedure,
  deleteProcedure,
  notFound,
  updateProcedure,
  type RowKind,
} from '../../trpc/admin-writes';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const MILESTONE: RowKind = {
  noun: 'Milestone',
  one: 'a milestone',
  table: 'milestones',
  path: '/milestones',
};

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
    })
    .input(idInput)
    .output(milestoneDetailSchema)
    .query(async ({ ctx, input }) => {
      const detail = await getMilestoneDetail(ctx.database.db, input.id);
      if (!detail) throw notFound(MILESTONE);
      return detail;
    }),

  /** The admin table: sorted, filtered and paged by the server. */
  page: protectedProcedure
    .input(milestonePageInput)
    .output(pageOutput(milestoneSchema))
    .query(({ ctx, input }) => pageMilestones(ctx.database.db, input)),

  create: createProcedure(MILESTONE, { input: milestoneInput, output: milestoneSchema }, (db, input) =>
    createMilestone(db, normalizeMilestone(input)),
  ),
  update: updateProcedure(
    MILESTONE,
    { input: milestoneUpdateInput, output: milestoneSchema },
    (db, id, values) => updateMilestone(db, id, normalizeMilestone(values)),
  ),
  delete: deleteProcedure(MILESTONE, deleteMilestone),
});
