import {
  arenaFiguresSchema,
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
  getExperimentBySlug,
  listExperimentMilestones,
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
import { arenaFigures, figuresOf } from './figures';
import { assignmentsRouter } from './assignments';

const EXPERIMENT: RowKind = {
  noun: 'Experiment',
  tables: ['experiments'],
  path: '/experiments',
  entity: 'experiment',
};

/** How privacy shapes the figures, said once for both reads. */
const PRIVACY_NOTE =
  'Each figure is `{ amount, range }` as the owner shows the experiments’ figures (`privacy`): `exact` gives the amount, `range` only its band’s label (the band rule is `bandRule`), `hidden` neither.';

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

  /** An experiment's page, /lab/{slug}: the experiment, its story as sanitized HTML, figures and milestones. */
  bySlug: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/experiments/{slug}',
        tags: ['experiments'],
        summary: 'One experiment, with its story as sanitized HTML, its figures and its milestones',
        description:
          'The figures are those of `GET /experiments/{slug}/figures`, shown as the owner chooses; the milestones are links, newest first.',
      },
      // One entry per experiment: an unknown slug is a 404, never kept. The figures read the revenue
      // and the owner's privacy (settings).
      publicCache: ['experiments', 'revenues', 'settings', 'milestones'],
    })
    .input(experimentSlugInput)
    .output(experimentDetailSchema)
    .query(async ({ ctx, input }) => {
      const experiment = found(EXPERIMENT, await getExperimentBySlug(ctx.database.db, input.slug));
      const [storyHtml, figures, milestones] = await Promise.all([
        markdownHtml(experiment.story),
        figuresOf(ctx, experiment.slug),
        listExperimentMilestones(ctx.database.db, experiment.id),
      ]);
      // Deleted between the two reads: as unknown as if it had gone before.
      return { experiment, storyHtml, figures: found(EXPERIMENT, figures), milestones };
    }),

  /**
   * docs/decisions/082-experiment-money.md: an experiment's revenue, costs and profit, month by month,
   * as the owner's privacy shows them (docs/decisions/083-privacy-per-figure.md, ./figures.ts).
   */
  figures: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/experiments/{slug}/figures',
        tags: ['experiments'],
        summary: 'One experiment’s revenue, costs and profit to date, and month by month',
        description: `Revenue is the entries assigned to the experiment by hand, else by a rule on their price, product or connection; costs are the ones recorded for it. Amounts in USD; profit may be negative. ${PRIVACY_NOTE} The months are given only when \`privacy\` is \`exact\`.`,
      },
      // Today's month ends the series; the owner's privacy is a setting.
      publicCache: ['experiments', 'revenues', 'settings'],
    })
    .input(experimentSlugInput)
    .output(experimentFiguresSchema)
    .query(async ({ ctx, input }) => found(EXPERIMENT, await figuresOf(ctx, input.slug))),

  /** The arena's cards: every experiment's revenue, costs and profit to date, with the same privacy. */
  arenaFigures: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/arena/figures',
        tags: ['experiments'],
        summary: 'Every experiment’s revenue, costs and profit to date',
        description: `One entry per experiment, in the arena's order (oldest first); an experiment without money has zeros. ${PRIVACY_NOTE}`,
      },
      publicCache: ['experiments', 'revenues', 'settings'],
    })
    .input(z.void())
    .output(arenaFiguresSchema)
    .query(({ ctx }) => arenaFigures(ctx)),

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

  /** docs/decisions/082-experiment-money.md: the rules that give an experiment revenue. */
  assignments: assignmentsRouter,
});
