import { z } from 'zod';
import { DAY_MAX, DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN } from './constants';
import { pastDateField } from './date-fields';
import { experimentIdField } from './costs';
import { optionalMoneyField } from './money-fields';
import { idField, integerField } from './number-fields';
import { decimalString, isoTimestamp } from './output-fields';
import { textField } from './text-fields';

/** 0 achievement, 1 revenue; docs/decisions/015-input-rules.md also accepts false/true. */
export const milestoneType = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'Type must be 0 (milestone) or 1 (revenue).' })
  .default(0)
  .transform((value): 0 | 1 => (value === 1 || value === true ? 1 : 0));

export const milestoneInput = z.object(
  {
    title: textField({ label: 'Title', min: TITLE_MIN, max: TITLE_MAX }),
    description: textField({ label: 'Description', min: DESCRIPTION_MIN, max: DESCRIPTION_MAX }),
    date: pastDateField(),
    day: integerField({
      requiredMessage: 'Day count is required.',
      invalidMessage: 'Day must be a whole number.',
      min: 1,
      minMessage: 'Day must be a positive number.',
      max: DAY_MAX,
      maxMessage: `Day must be at most ${DAY_MAX.toLocaleString('en-US')}.`,
    }),
    isRevenue: milestoneType,
    amount: optionalMoneyField('Revenue amount'),
    /**
     * The experiment it belongs to, shown on that experiment's page; null for none. Left out of an
     * edit, it stays as it was, so a client written before the field keeps the link (as decision 081
     * keeps an experiment's newer fields).
     */
    experimentId: experimentIdField.optional(),
  },
  { error: 'Expected a JSON object.' },
);
export type MilestoneInput = z.input<typeof milestoneInput>;
export type MilestoneValues = z.output<typeof milestoneInput>;

/**
 * Adding one may also mail it to the confirmed subscribers, once (docs/decisions/097-automatic-mail.md).
 * Only here: an edit never mails, and its input has no such field.
 */
export const milestoneCreateInput = milestoneInput.extend({
  mailSubscribers: z
    .boolean({ error: 'Mail subscribers must be true or false.' })
    .default(false)
    .describe('Mail it to every confirmed subscriber as it is published; once, never on an edit'),
});
export type MilestoneCreateInput = z.input<typeof milestoneCreateInput>;
export type MilestoneCreateValues = z.output<typeof milestoneCreateInput>;

export const milestoneUpdateInput = milestoneInput.extend({ id: idField });

/** docs/decisions/015-input-rules.md: an amount exists only on a revenue milestone. */
export function normalizeMilestone<T extends MilestoneValues>(values: T): T {
  return values.isRevenue === 1 ? values : { ...values, amount: null };
}

export const milestoneSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: isoTimestamp,
  day: z.number().int(),
  isRevenue: z.union([z.literal(0), z.literal(1)]),
  amount: decimalString.nullable(),
  experimentId: z.number().int().nullable().describe('The AI Arena experiment it belongs to, if any'),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** The admin's row: with when its mail to subscribers went, if it was mailed; never in a public answer. */
export const adminMilestoneSchema = milestoneSchema.extend({
  mailedAt: isoTimestamp.nullable().describe('When its mail to subscribers was sent; null if never'),
});
export type AdminMilestone = z.infer<typeof adminMilestoneSchema>;

/** A neighbour on the timeline, as much as a link to its page needs. */
export const milestoneLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  day: z.number().int(),
});
export type MilestoneLink = z.infer<typeof milestoneLinkSchema>;

/** A link to a milestone with its date, as an experiment's page lists them. */
export const datedMilestoneLinkSchema = milestoneLinkSchema.extend({ date: isoTimestamp });
export type DatedMilestoneLink = z.infer<typeof datedMilestoneLinkSchema>;

/** One milestone with the ones before and after it in the timeline's order (journey day, then id). */
export const milestoneDetailSchema = z.object({
  milestone: milestoneSchema,
  previous: milestoneLinkSchema.nullable(),
  next: milestoneLinkSchema.nullable(),
});
export type MilestoneDetail = z.infer<typeof milestoneDetailSchema>;
