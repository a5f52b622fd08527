/**
 * Second factors' values without schemas (docs/decisions/086-one-time-codes.md): the database's
 * tables and the web app's sign-in read them without zod.
 */

/** The kinds of factor a user enrols; a passkey will be the next. */
export const SECOND_FACTOR_KINDS = ['totp'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * What the sign-in's second step accepts: a code from the authenticator app, a recovery code, or a
 * passkey (docs/decisions/087-passkeys.md).
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** RFC 6238 as every authenticator app reads it from the QR code: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;

/** Recovery codes made at each confirmation, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the second step may wait after a right password before that password must be typed again. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The longest name the owner can give a passkey. */
export const PASSKEY_NAME_MAX = 64;

/** The two WebAuthn ceremonies a stored challenge is for. */
export const WEBAUTHN_CEREMONIES = ['registration', 'authentication'] as const;
export type WebauthnCeremony = (typeof WEBAUTHN_CEREMONIES)[number];

/** How long a WebAuthn challenge can be answered. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
