import { z } from 'zod';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, PROJECT_COUNT_MAX, TITLE_MAX, TITLE_MIN } from './constants';
import { EXPERIMENT_STATES, EXPERIMENT_STATUSES, STATUS_COLORS, type ExperimentStatus } from './enums';
import { EXPERIMENT_SLUG_MAX, EXPERIMENT_SLUG_MESSAGE, EXPERIMENT_SLUG_PATTERN } from './experiment-path';
import { isMissing } from './field-input';
import { imageUrlField } from './image-fields';
import { idField, integerField } from './number-fields';
import { isoTimestamp } from './output-fields';
import { hasNoNul, textField } from './text-fields';
import { enumField } from './enum-field';
import { experimentFiguresSchema } from './experiment-figures';
import { datedMilestoneLinkSchema } from './milestones';

/** docs/decisions/081-experiment-state.md: an experiment's story, in Markdown, as long as the site's own. */
export const EXPERIMENT_STORY_MAX = 20_000;
/** One line on why it was killed or paused. */
export const EXPERIMENT_VERDICT_MAX = 140;

export const experimentStatus = enumField('Status', EXPERIMENT_STATUSES);
export const experimentState = enumField('State', EXPERIMENT_STATES);

/** Empty or left out: made from the title at creation, kept as it is on an edit. */
const slugField = z
  .string({ error: 'Slug must be text.' })
  .trim()
  .toLowerCase()
  .max(EXPERIMENT_SLUG_MAX, `Slug must be at most ${EXPERIMENT_SLUG_MAX} characters.`)
  .refine((value) => value === '' || EXPERIMENT_SLUG_PATTERN.test(value), EXPERIMENT_SLUG_MESSAGE);

/** Markdown is kept as typed (no trim: indentation is meaning), bounded in length. */
const storyField = z
  .string({ error: 'Story must be text.' })
  .max(
    EXPERIMENT_STORY_MAX,
    `Story must be at most ${EXPERIMENT_STORY_MAX.toLocaleString('en-US')} characters.`,
  )
  .refine(hasNoNul, 'Story must not contain NUL characters.');

/** One trimmed line; empty or null is no verdict. */
const verdictField = z
  .string({ error: (iss) => (isMissing(iss.input) ? 'Verdict is required.' : 'Verdict must be text.') })
  .trim()
  .max(EXPERIMENT_VERDICT_MAX, `Verdict must be at most ${EXPERIMENT_VERDICT_MAX} characters.`)
  .refine((value) => hasNoNul(value) && !/[\r\n]/.test(value), 'Verdict must be a single line of text.')
  .nullable();

export const VERDICT_REQUIRED_MESSAGE = 'Verdict is required when the experiment is killed: one line on why.';

const experimentFields = {
  title: textField({ label: 'Title', min: TITLE_MIN, max: TITLE_MAX }),
  description: textField({ label: 'Description', min: DESCRIPTION_MIN, max: DESCRIPTION_MAX }),
  status: experimentStatus,
  /** Accepted for compatibility and ignored: the colour always follows the status (docs/decisions/018-experiments-from-the-server.md). */
  statusColor: z.unknown().optional(),
  projectCount: integerField({
    requiredMessage: 'Project count is required.',
    invalidMessage: 'Project count must be a whole number.',
    min: 0,
    minMessage: 'Project count cannot be negative.',
    max: PROJECT_COUNT_MAX,
    maxMessage: `Project count must be at most ${PROJECT_COUNT_MAX.toLocaleString('en-US')}.`,
  }),
  imageUrl: imageUrlField(),
  /**
   * The optional fields below are left as they are when an edit leaves them out, so a client written
   * before them keeps working (docs/decisions/081-experiment-state.md); a creation gets the defaults.
   */
  slug: slugField.optional(),
  story: storyField.optional(),
  state: experimentState.optional(),
  verdict: verdictField.optional(),
};

/** A killed experiment says why, in the same request that kills it. */
function verdictWhenKilled(
  values: { state?: string | undefined; verdict?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (values.state === 'killed' && !values.verdict)
    context.addIssue({ code: 'custom', path: ['verdict'], message: VERDICT_REQUIRED_MESSAGE });
}

export const experimentInput = z
  .object(experimentFields, { error: 'Expected a JSON object.' })
  .superRefine(verdictWhenKilled);
export type ExperimentInput = z.input<typeof experimentInput>;
export type ExperimentValues = z.output<typeof experimentInput>;

export const experimentUpdateInput = z
  .object({ ...experimentFields, id: idField }, { error: 'Expected a JSON object.' })
  .superRefine(verdictWhenKilled);

/** The address of one experiment's page; a malformed one names none. */
export const experimentSlugInput = z.object({
  slug: z
    .string({ error: 'Slug is required.' })
    .max(EXPERIMENT_SLUG_MAX, `Slug must be at most ${EXPERIMENT_SLUG_MAX} characters.`)
    .regex(EXPERIMENT_SLUG_PATTERN, EXPERIMENT_SLUG_MESSAGE),
});

export function statusColorOf(status: ExperimentStatus): string {
  return STATUS_COLORS[status].className;
}

export const experimentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  statusColor: z.string(),
  projectCount: z.number().int(),
  imageUrl: z.string(),
  slug: z.string().describe('The page of the experiment is /lab/{slug}'),
  story: z.string().describe('Markdown'),
  state: z.enum(EXPERIMENT_STATES),
  stateChangedAt: isoTimestamp.nullable().describe('When it was last paused or killed; null while running'),
  verdict: z.string().nullable().describe('One line on why it was paused or killed; null while running'),
  createdAt: isoTimestamp,
});
export type Experiment = z.infer<typeof experimentSchema>;

/**
 * An experiment's page: the experiment, its story as sanitized HTML, its figures as the owner's
 * privacy shows them, and its milestones, newest first.
 */
export const experimentDetailSchema = z.object({
  experiment: experimentSchema,
  storyHtml: z.string(),
  figures: experimentFiguresSchema,
  milestones: z
    .array(datedMilestoneLinkSchema)
    .describe('The milestones of this experiment, newest first (by date, then the later id)'),
});
export type ExperimentDetail = z.infer<typeof experimentDetailSchema>;
