import { z } from 'zod';
import { userSchema } from './auth';
import { SECOND_FACTOR_METHODS, TOTP_DIGITS } from './factor-values';
import { isMissing } from './field-input';
import { isoTimestamp } from './output-fields';

/**
 * Second factors (docs/decisions/086-one-time-codes.md): enrolment of a TOTP, its recovery codes, the
 * owner's requirement, and the sign-in's second step.
 */

const CODE_MAX = 64;
const TOTP_MESSAGE = `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`;

/** What `POST /api/login` answers when a second factor is due: no session yet, only what to ask for. */
export const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** The user when the password was enough; else the challenge (decision 086). */
export const loginAnswerSchema = z.union([userSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const needsSecondFactor = (answer: LoginAnswer): answer is SecondFactorChallenge =>
  'secondFactorRequired' in answer;

/** The second step's code: six digits from the app, or a recovery code; spaces and dashes are ignored. */
export const secondFactorInput = z.object(
  {
    code: z
      .string({ error: (iss) => (isMissing(iss.input) ? 'Code is required.' : 'Code must be text.') })
      .trim()
      .min(1, 'Code is required.')
      .max(CODE_MAX, `Code must be at most ${CODE_MAX} characters.`),
  },
  { error: 'Expected a JSON object.' },
);
export type SecondFactorInput = z.input<typeof secondFactorInput>;

/** Confirming an enrolment: a code the app computed from the new secret, so it was scanned right. */
export const totpConfirmInput = z.object(
  {
    code: z
      .string({ error: (iss) => (isMissing(iss.input) ? 'Code is required.' : TOTP_MESSAGE) })
      .transform((code) => code.replace(/\s/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TOTP_MESSAGE)),
  },
  { error: 'Expected a JSON object.' },
);
export type TotpConfirmInput = z.input<typeof totpConfirmInput>;

/** A new, pending TOTP: the secret to type by hand and the `otpauth://` URL its QR code holds. */
export const totpEnrollmentSchema = z.object({
  secret: z.string().describe('Base32'),
  otpauthUrl: z.string().describe('otpauth://totp/… (RFC 6238 key URI)'),
});
export type TotpEnrollment = z.infer<typeof totpEnrollmentSchema>;

/** The recovery codes, in the clear this once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** The owner's second factors as the Account tab shows them. */
export const secondFactorsSchema = z.object({
  totp: z.object({
    /** `pending`: enrolled, not yet confirmed by a code; only `on` is asked for at sign-in. */
    status: z.enum(['off', 'pending', 'on']),
    confirmedAt: isoTimestamp.nullable(),
  }),
  recoveryCodesLeft: z.number().int(),
  /** What a sign-in's second step would accept now; `passkey` while the owner has one (decision 087). */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  /** Every sign-in needs a second factor. */
  required: z.boolean(),
});
export type SecondFactors = z.infer<typeof secondFactorsSchema>;

export const requireSecondFactorInput = z.object(
  {
    required: z.boolean({
      error: (iss) => (isMissing(iss.input) ? 'Required is required.' : 'Required must be true or false.'),
    }),
  },
  { error: 'Expected a JSON object.' },
);
