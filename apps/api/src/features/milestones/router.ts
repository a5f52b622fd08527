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
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Milestone not found' });

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
      if (!detail) throw notFound();
      return detail;
    }),

  /** The admin table: sorted, filtered and paged by the server. */
  page: protectedProcedure
    .input(milestonePageInput)
    .output(pageOutput(milestoneSchema))
    .query(({ ctx, input }) => pageMilestones(ctx.database.db, input)),

  create: protectedProcedure
    .meta({
      changes: ['milestones'],
      openapi: { method: 'POST', path: '/milestones', tags: ['milestones'], summary: 'Add a milestone' },
      successStatus: 201,
    })
    .input(milestoneInput)
    .output(milestoneSchema)
    .mutation(({ ctx, input }) => createMilestone(ctx.database.db, normalizeMilestone(input))),

  update: protectedProcedure
    .meta({
      changes: ['milestones'],
      openapi: {
        method: 'PUT',
        path: '/admin/milestones/{id}',
        tags: ['milestones'],
        summary: 'Edit a milestone',
      },
    })
    .input(milestoneUpdateInput)
    .output(milestoneSchema)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const updated = await updateMilestone(ctx.database.db, id, normalizeMilestone(values));
      if (!updated) throw notFound();
      return updated;
    }),

  delete: protectedProcedure
    .meta({
      changes: ['milestones'],
      openapi: {
        method: 'DELETE',
        path: '/admin/milestones/{id}',
        tags: ['milestones'],
        summary: 'Delete a milestone',
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteMilestone(ctx.database.db, input.id))) throw notFound();
    }),
});
