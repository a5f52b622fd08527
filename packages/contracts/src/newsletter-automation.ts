import { z } from 'zod';
import { BROADCAST_LIMITS } from './newsletter-values';
import { isoTimestamp } from './output-fields';
import { hasNoNul } from './text-fields';

/**
 * The newsletter's automatic mail (docs/decisions/097-automatic-mail.md). The welcome mail's texts have
 * a broadcast's limits; they may be empty while it is off, so the owner can turn it off before writing it.
 */
export const WELCOME_MAIL_LIMITS = {
  subject: { max: BROADCAST_LIMITS.subject.max },
  body: { max: BROADCAST_LIMITS.body.max },
} as const;

export const WELCOME_SUBJECT_REQUIRED = 'Subject is required while the welcome mail is on.';
export const WELCOME_BODY_REQUIRED = 'Body is required while the welcome mail is on.';

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine(hasNoNul, `${label} must not contain NUL characters.`);
}

/** The welcome mail as the owner saves it: on or off, its subject line and its Markdown body. */
export const welcomeMailInput = z
  .object(
    {
      enabled: z.boolean({ error: 'Enabled must be true or false.' }),
      subject: optionalText('Subject', WELCOME_MAIL_LIMITS.subject.max).refine(
        (value) => !/[\r\n]/.test(value),
        'Subject must be a single line.',
      ),
      body: optionalText('Body', WELCOME_MAIL_LIMITS.body.max),
    },
    { error: 'Expected a JSON object.' },
  )
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    if (value.subject === '')
      ctx.addIssue({ code: 'custom', path: ['subject'], message: WELCOME_SUBJECT_REQUIRED });
    if (value.body === '') ctx.addIssue({ code: 'custom', path: ['body'], message: WELCOME_BODY_REQUIRED });
  });
export type WelcomeMailInput = z.input<typeof welcomeMailInput>;

export const welcomeMailSchema = z.object({
  enabled: z.boolean(),
  subject: z.string(),
  body: z.string(),
  /** When it was last saved; null before the owner ever saved it. */
  updatedAt: isoTimestamp.nullable(),
});
export type WelcomeMail = z.infer<typeof welcomeMailSchema>;
