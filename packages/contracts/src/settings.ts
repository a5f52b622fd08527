import { z } from 'zod';
import { DATE_MIN, EMAIL_MAX, FORECAST_TARGET_MAX, URL_MAX } from './constants';
import { latestDayOnEarth } from './dates';
import { parseDateInput } from './date-fields';
import { EXACT_PRIVACY, privacySettingsSchema } from './privacy';
import { hasNoNul } from './text-fields';
import {
  LEGAL_PAGES,
  SETTINGS_LIMITS,
  SETUP_STEPS,
  SOCIAL_LINKS,
  type LegalPageKey,
  type SetupStepKey,
} from './settings-values';

const isMissing = (input: unknown) => input === undefined || input === null;

/** A name shown in the header and titles: trimmed, single-line. */
function nameField(label: string, min: number, max: number) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(min, `${label} must be at least ${min} character${min === 1 ? '' : 's'}.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => hasNoNul(value) && !/[\r\n]/.test(value), `${label} must be a single line of text.`);
}

/** Markdown the owner writes: kept as typed (no trim: indentation is meaning), bounded in length. */
function markdownField(label: string, max: number) {
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? `${label} is required.` : `${label} must be text.`) })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine(hasNoNul, `${label} must not contain NUL characters.`);
}

/** An `https://` address or empty (the link is then not shown). */
function httpsLinkField(label: string) {
  const message = `${label} must be an https:// address, or empty.`;
  return z
    .string({ error: message })
    .trim()
    .max(URL_MAX, `${label} must be at most ${URL_MAX} characters.`)
    .refine((value) => value === '' || isHttpsUrl(value), message);
}

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value) || !hasNoNul(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

function optionalEmailField() {
  const message = 'Contact email must be a valid email address, or empty.';
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, `Contact email must be at most ${EMAIL_MAX} characters.`)
    .refine((value) => value === '' || (hasNoNul(value) && z.email().safeParse(value).success), message);
}

const DATE_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00Z`);

/** `YYYY-MM-DD` from 2000-01-01 to today (as `pastDateField` reads today), kept as the same string. */
export function journeyStartField(latestDay: () => string = () => latestDayOnEarth()) {
  const invalid = 'Journey start must be a date (YYYY-MM-DD).';
  return z
    .string({ error: (iss) => (isMissing(iss.input) ? 'Journey start is required.' : invalid) })
    .trim()
    .superRefine((value, ctx) => {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDateInput(value) : null;
      if (!date)
        ctx.addIssue({ code: 'custom', message: value === '' ? 'Journey start is required.' : invalid });
      else if (date.getTime() < DATE_MIN_MS)
        ctx.addIssue({ code: 'custom', message: 'Journey start cannot be before 2000-01-01.' });
      else if (value > latestDay())
        ctx.addIssue({ code: 'custom', message: 'Journey start cannot be in the future.' });
    });
}

/** `YYYY-MM` from this month on, or empty: the forecast then aims ten years after the journey's start. */
function forecastTargetField() {
  const invalid = 'Forecast target must be a month (YYYY-MM), or empty.';
  return z
    .string({ error: invalid })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      const match = /^(\d{4})-(\d{2})$/.exec(value);
      const month = Number(match?.[2]);
      if (!match || month < 1 || month > 12) ctx.addIssue({ code: 'custom', message: invalid });
      else if (value < new Date().toISOString().slice(0, 7))
        ctx.addIssue({ code: 'custom', message: 'Forecast target cannot be a past month.' });
      else if (value > FORECAST_TARGET_MAX)
        ctx.addIssue({
          code: 'custom',
          message: `Forecast target must be ${FORECAST_TARGET_MAX} or earlier.`,
        });
    });
}

/** Minutes between two syncs of a connected provider (docs/decisions/077-provider-connections.md). */
export const SYNC_INTERVAL_LIMITS = { min: 5, max: 1440, default: 15 } as const;
const SYNC_INTERVAL_MESSAGE = `Sync interval must be a whole number of minutes from ${SYNC_INTERVAL_LIMITS.min} to ${SYNC_INTERVAL_LIMITS.max.toLocaleString('en-US')}.`;
export const syncIntervalField = z
  .number({ error: SYNC_INTERVAL_MESSAGE })
  .int({ error: SYNC_INTERVAL_MESSAGE })
  .min(SYNC_INTERVAL_LIMITS.min, { error: SYNC_INTERVAL_MESSAGE })
  .max(SYNC_INTERVAL_LIMITS.max, { error: SYNC_INTERVAL_MESSAGE });

const record = <K extends string, T extends z.ZodType>(keys: readonly K[], field: (key: K) => T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, field(key)])) as Record<K, T>, {
    error: 'Expected a JSON object.',
  });

/** The owner's settings: everything a visitor reads that is not revenue, a milestone or an experiment. */
export const settingsSchema = z.object(
  {
    siteName: nameField('Site name', SETTINGS_LIMITS.siteName.min, SETTINGS_LIMITS.siteName.max),
    productName: nameField('Product name', SETTINGS_LIMITS.productName.min, SETTINGS_LIMITS.productName.max),
    story: markdownField('Story', SETTINGS_LIMITS.story),
    contactEmail: optionalEmailField(),
    links: record(
      SOCIAL_LINKS.map((link) => link.key),
      (key) => httpsLinkField(SOCIAL_LINKS.find((link) => link.key === key)?.label ?? key),
    ),
    journeyStartDate: journeyStartField(),
    /** docs/decisions/045-computed-figures-on-the-landing-page.md */
    // Defaults, not required: a client that predates these fields still saves the record it knows.
    computedStats: z.boolean({ error: 'Computed stat cards must be true or false.' }).default(false),
    forecastTargetMonth: forecastTargetField().default(''),
    /**
     * The admin dismissed the setup checklist (docs/decisions/060-admin-onboarding-and-honest-dates.md).
     * Only `settings.dismissSetup` sets it: a save of the Site tab keeps the stored value.
     */
    setupDismissed: z.boolean({ error: 'Setup dismissed must be true or false.' }).default(false),
    /** Only `connections.schedule` sets it: a save of the Site tab keeps the stored value. */
    syncIntervalMinutes: syncIntervalField.default(SYNC_INTERVAL_LIMITS.default),
    /** docs/decisions/083-privacy-per-figure.md */
    privacy: privacySettingsSchema.default(EXACT_PRIVACY),
    legal: record(
      LEGAL_PAGES.map((page) => page.key),
      (key) =>
        markdownField(LEGAL_PAGES.find((page) => page.key === key)?.label ?? key, SETTINGS_LIMITS.legal),
    ),
  },
  { error: 'Expected a JSON object.' },
);
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

/** The settings as anyone reads them and the Site tab saves them: the checklist's dismissal and the sync schedule are the admin's alone. */
export const publicSettingsSchema = settingsSchema.omit({ setupDismissed: true, syncIntervalMinutes: true });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** What every page needs of the settings (header, footer, titles, contact cards): no Markdown. */
export const siteInfoSchema = settingsSchema.pick({
  siteName: true,
  productName: true,
  contactEmail: true,
  links: true,
  journeyStartDate: true,
  computedStats: true,
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** The story rendered on the server: a leading blockquote (the landing page sets it apart) and the rest. */
export const storyHtmlSchema = z.object({ quoteHtml: z.string().nullable(), bodyHtml: z.string() });
export type StoryHtml = z.infer<typeof storyHtmlSchema>;

export const legalPageInput = z.object(
  { page: z.enum(LEGAL_PAGES.map((page) => page.key) as [LegalPageKey, ...LegalPageKey[]]) },
  { error: 'Expected a JSON object.' },
);
/** A legal page rendered on the server, sanitized. */
export const legalHtmlSchema = z.object({ title: z.string(), html: z.string() });
export type LegalHtml = z.infer<typeof legalHtmlSchema>;

/** The admin's setup checklist: each step done or not, from the data, and whether it was dismissed. */
export const setupChecklistSchema = z.object({
  dismissed: z.boolean(),
  steps: z.array(
    z.object({
      key: z.enum(SETUP_STEPS.map((step) => step.key) as [SetupStepKey, ...SetupStepKey[]]),
      done: z.boolean(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;
