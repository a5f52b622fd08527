import {
  experimentDetailSchema,
  experimentFiguresSchema,
  experimentInput,
  experimentPageInput,
  experimentSchema,
  experimentSlugInput,
  experimentUpdateInput,
  VERDICT_REQUIRED_MESSAGE,
  type Experiment,
} from '@journey/contracts';
import {
  createExperiment,
  deleteExperiment,
  experimentFigures,
  getExperimentBySlug,
  listExperiments,
  pageExperiments,
  updateExperiment,
  type ExperimentWrite,
} from '@journey/db';
import { z } from 'zod';
import { adminRowProcedures, found, type RowKind } from '../../trpc/admin-rows';
import { fieldError } from '../../trpc/errors';
import { publicProcedure, router } from '../../trpc/init';
import { markdownHtml } from '../settings/read';

const EXPERIMENT: RowKind = { noun: 'Experiment', table: 'experiments', path: '/experiments' };

export const SLUG_TAKEN_MESSAGE = 'Slug is already used by another experiment.';

/**
 * A write's experiment, or the error of the field at fault: a slug another experiment has is a 409
 * on `slug` (as a taken username is), a kill without a verdict a 400 on `verdict`.
 */
function written(result: ExperimentWrite): Experiment {
  if (result.ok) return result.experiment;
  if (result.reason === 'slug-taken') throw fieldError('CONFLICT', 'slug', SLUG_TAKEN_MESSAGE);
  throw fieldError('BAD_REQUEST', 'verdict', VERDICT_REQUIRED_MESSAGE);
}

export const experimentsRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/experiments', tags: ['experiments'], summary: 'The AI Arena' },
      publicCache: ['experiments'],
    })
    .input(z.void())
    .output(z.array(experimentSchema))
    .query(({ ctx }) => listExperiments(ctx.database.db)),

  /** An experiment's page, /lab/{slug}: the experiment and its story as sanitized HTML. */
  bySlug: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/experiments/{slug}',
        tags: ['experiments'],
        summary: 'One experiment, with its story as sanitized HTML',
      },
      // One entry per experiment: an unknown slug is a 404, never kept.
      publicCache: ['experiments'],
    })
    .input(experimentSlugInput)
    .output(experimentDetailSchema)
    .query(async ({ ctx, input }) => {
      const experiment = found(EXPERIMENT, await getExperimentBySlug(ctx.database.db, input.slug));
      return { experiment, storyHtml: await markdownHtml(experiment.story) };
    }),

  /** docs/decisions/082-experiment-money.md: an experiment's revenue, costs and profit, month by month. */
  figures: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/experiments/{slug}/figures',
        tags: ['experiments'],
        summary: 'One experiment’s revenue, costs and profit to date, and month by month',
        description:
          'Revenue is the entries assigned to the experiment by hand, else by a rule on their price, product or connection; costs are the ones recorded for it. Amounts in USD; profit may be negative.',
      },
      publicCache: ['experiments', 'revenues'],
    })
    .input(experimentSlugInput)
    .output(experimentFiguresSchema)
    .query(async ({ ctx, input }) =>
      found(EXPERIMENT, await experimentFigures(ctx.database.db, input.slug, ctx.now())),
    ),

  ...adminRowProcedures(EXPERIMENT, {
    row: experimentSchema,
    pageInput: experimentPageInput,
    createInput: experimentInput,
    updateInput: experimentUpdateInput,
    page: pageExperiments,
    create: async (db, input) => written(await createExperiment(db, input)),
    update: async (db, id, values) => {
      const result = await updateExperiment(db, id, values);
      return result && written(result);
    },
    remove: deleteExperiment,
  }),
});
