import { z } from 'zod';
import {
  AMOUNT_BAND_RULE,
  effectivePrivacy,
  PRIVACY_FIGURES,
  PRIVACY_LEVELS,
  type PrivacyFigure,
  type PrivacyLevel,
  type PrivacySettings,
} from './privacy-values';

export * from './privacy-values';

/** The schemas of privacy per figure (docs/decisions/083-privacy-per-figure.md); the rules are in privacy-values.ts. */

const levelField = (label: string) =>
  z.enum(PRIVACY_LEVELS, { error: `${label} must be shown exact, as a range, or hidden.` }).default('exact');

export const privacySettingsSchema = z.object(
  Object.fromEntries(PRIVACY_FIGURES.map((figure) => [figure.key, levelField(figure.label)])) as Record<
    PrivacyFigure,
    ReturnType<typeof levelField>
  >,
  { error: 'Privacy must be a JSON object.' },
);

/** A money figure as it leaves the server: the amount when exact, the band's label when ranged, else neither. */
export const shownAmountSchema = z.object({
  amount: z
    .string()
    .nullable()
    .describe('USD decimal string; null unless the owner shows this figure exactly'),
  range: z
    .string()
    .nullable()
    .describe(
      'The band holding the amount, e.g. "$10k–$25k"; null unless the owner shows this figure as a range',
    ),
});

/** What a public answer says of its privacy, so a reader knows why a figure is missing or a band. */
export const privacyNoteSchema = z.object({
  privacy: z
    .object(
      Object.fromEntries(PRIVACY_FIGURES.map((figure) => [figure.key, z.enum(PRIVACY_LEVELS)])) as Record<
        PrivacyFigure,
        z.ZodEnum<{ [K in PrivacyLevel]: K }>
      >,
    )
    .describe('How the owner shows each figure (a breakdown never more exactly than the total)'),
  bandRule: z.string().describe('How a figure shown as a range is banded'),
});
export type PrivacyNote = z.infer<typeof privacyNoteSchema>;

export const privacyNote = (privacy: PrivacySettings): PrivacyNote => ({
  privacy: effectivePrivacy(privacy),
  bandRule: AMOUNT_BAND_RULE,
});
