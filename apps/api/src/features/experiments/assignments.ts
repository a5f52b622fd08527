import {
  assignmentField,
  assignmentTakenMessage,
  experimentAssignmentsInput,
  experimentAssignmentsSchema,
  idInput,
} from '@journey/contracts';
import { listExperimentAssignments, replaceExperimentAssignments } from '@journey/db';
import { found } from '../../trpc/admin-rows';
import { fieldError } from '../../trpc/errors';
import { protectedProcedure, router, type Meta } from '../../trpc/init';
import { subjectFrom } from '../audit/audit-meta';

/**
 * The rules that give an experiment the revenue of a connection, a product or a price
 * (docs/decisions/082-experiment-money.md), at /admin/experiments/{id}/assignments. They are part of the
 * experiments' public figures: a write changes the `experiments` table's answers.
 */
const EXPERIMENT = { noun: 'Experiment' };

const at = (method: 'GET' | 'PUT', summary: string): Meta => ({
  openapi: { method, path: '/admin/experiments/{id}/assignments', tags: ['experiments'], summary },
});

export const assignmentsRouter = router({
  list: protectedProcedure
    .meta(at('GET', 'An experiment’s revenue rules, oldest first'))
    .input(idInput)
    .output(experimentAssignmentsSchema)
    .query(async ({ ctx, input }) =>
      found(EXPERIMENT, await listExperimentAssignments(ctx.database.db, input.id)),
    ),

  /** The whole list, replacing the experiment's: a rule another experiment holds is a 409 on its field. */
  replace: protectedProcedure
    .meta({
      changes: ['experiments'],
      ...at('PUT', 'Replace an experiment’s revenue rules'),
      audit: {
        action: 'experiment.rules-replaced',
        subject: ({ input, note }) => subjectFrom('experiment')({ input, output: undefined, note }),
        detail: ({ output }) => ({ rules: Array.isArray(output) ? output.length : 0 }),
      },
    })
    .input(experimentAssignmentsInput)
    .output(experimentAssignmentsSchema)
    .mutation(async ({ ctx, input }) => {
      const result = found(
        EXPERIMENT,
        await replaceExperimentAssignments(ctx.database.db, input.id, input.rules),
      );
      if (result.ok) return result.rules;
      const rule = input.rules[result.index];
      if (!rule) throw new Error(`no rule at ${result.index}`);
      const message = assignmentTakenMessage(rule, result.experiment);
      throw fieldError('CONFLICT', `rules.${result.index}.${assignmentField(rule)}`, message);
    }),
});
