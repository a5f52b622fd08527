import { TOTP_DIGITS, TOTP_PERIOD_S } from '@journey/contracts/constants';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * RFC 6238 one-time codes through otplib (docs/decisions/086-one-time-codes.md): SHA-1, six digits,
 * 30-second steps, as every authenticator app reads them from the QR code without asking.
 */

/** The step before and the step after the current one are accepted too: a clock or a typist a little off. */
const TOLERANCE_S = TOTP_PERIOD_S;
const SHAPE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in Base32. */
export const newTotpSecret = (): string => generateSecret();

/** The key URI the QR code holds: the app shows `issuer` and `account` beside the codes. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({ issuer, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_S });

/** Whether `code` has the shape of a one-time code (and so is not a recovery code). */
export const isTotpShaped = (code: string): boolean => SHAPE.test(code);

/**
 * The step of `code` when it is right at `now` and later than `lastUsedStep` (a code already accepted
 * is refused in its whole window); null otherwise.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  options: { now: Date; lastUsedStep: number | null },
): Promise<number | null> {
  if (!isTotpShaped(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(options.now.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
    period: TOTP_PERIOD_S,
    digits: TOTP_DIGITS,
    ...(options.lastUsedStep === null ? {} : { afterTimeStep: options.lastUsedStep }),
  });
  // The result type covers HOTP too; a TOTP's valid result carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
