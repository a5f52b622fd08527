/**
 * The audit trail's actions (docs/decisions/088-audit-trail.md). The security ones are fixed here because
 * the owner's mail (on a new device, a factor change, a recovery code's use) is keyed on them; the write
 * actions follow `entity.verb`.
 */
export const SIGN_IN_METHODS = ['password', 'totp', 'recovery', 'passkey'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SECURITY_AUDIT_ACTIONS = [
  'account.created',
  'sign-in.succeeded',
  'sign-in.failed',
  'sign-out',
  'session.ended',
  'sessions.ended-others',
  'password.changed',
  'password.reset',
  'factor.totp-enrolled',
  'factor.totp-removed',
  'factor.required-changed',
  'factor.recovery-code-used',
  'factor.passkey-added',
  'factor.passkey-renamed',
  'factor.passkey-removed',
  'factor.cleared',
] as const;
export type SecurityAuditAction = (typeof SECURITY_AUDIT_ACTIONS)[number];

/** The actions that change how the account is signed into: each mails the owner when mail is set up. */
export const FACTOR_CHANGE_ACTIONS: readonly SecurityAuditAction[] = [
  'password.changed',
  'password.reset',
  'factor.totp-enrolled',
  'factor.totp-removed',
  'factor.required-changed',
  'factor.passkey-added',
  'factor.passkey-removed',
  'factor.cleared',
];

/** The page a security notice's "end that session" link opens (docs/decisions/089-security-mail.md). */
export const END_SESSION_PATH = '/account/end-session';

/** How long that link works. */
export const END_SESSION_LINK_DAYS = 7;

/** Who did something when no signed-in user did: the command line, or the server's own jobs. */
export const AUDIT_ACTOR_CLI = 'cli';
export const AUDIT_ACTOR_SYSTEM = 'system';

/** How long the trail is kept unless AUDIT_RETENTION_DAYS says otherwise. */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
