import { z } from 'zod';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, PROJECT_COUNT_MAX, TITLE_MAX, TITLE_MIN } from './constants';
import { EXPERIMENT_STATUSES, STATUS_COLORS, type ExperimentStatus } from './enums';
import { imageUrlField } from './image-fields';
import { idField, integerField } from './number-fields';
import { isoTimestamp } from './output-fields';
import { textField } from './text-fields';
import { enumField } from './enum-field';

export const experimentStatus = enumField('Status', EXPERIMENT_STATUSES);

export const experimentInput = z.object(
  {
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
  },
  { error: 'Expected a JSON object.' },
);
export type ExperimentInput = z.input<typeof experimentInput>;
export type ExperimentValues = z.output<typeof experimentInput>;

export const experimentUpdateInput = experimentInput.extend({ id: idField });

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
  createdAt: isoTimestamp,
});
export type Experiment = z.infer<typeof experimentSchema>;
