import {
  idInput,
  milestoneDetailSchema,
  milestoneInput,
  milestonePageInput,
  milestoneSchema,
  milestoneUpdateInput,
  normalizeMilestone,
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
import { adminRowProcedures, found, type RowKind } from '../../trpc/admin-rows';
import { publicProcedure, router } from '../../trpc/init';
import { withKnownExperiment } from '../costs/router';

const MILESTONE: RowKind = {
  noun: 'Milestone',
  tables: ['milestones'],
  path: '/milestones',
  entity: 'milestone',
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
      // One entry per milestone: an unknown id is a 404, never kept.
      publicCache: ['milestones'],
    })
    .input(idInput)
    .output(milestoneDetailSchema)
    .query(async ({ ctx, input }) => found(MILESTONE, await getMilestoneDetail(ctx.database.db, input.id))),

  ...adminRowProcedures(MILESTONE, {
    row: milestoneSchema,
    pageInput: milestonePageInput,
    createInput: milestoneInput,
    updateInput: milestoneUpdateInput,
    page: pageMilestones,
    // A milestone naming an experiment that is not there is a 400 on `experimentId`, as a cost's is.
    create: (db, input) => withKnownExperiment(createMilestone(db, normalizeMilestone(input))),
    update: (db, id, values) => withKnownExperiment(updateMilestone(db, id, normalizeMilestone(values))),
    remove: deleteMilestone,
  }),
});
