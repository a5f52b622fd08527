import { escapeMarkdown, type SignInMethod } from '@journey/contracts';
import type { SecurityNoticeFacts } from '@journey/db';
import { deviceName } from '../auth/device-name';
import type { MailContent } from '../newsletter/compose';

const METHOD_WORDS: Record<SignInMethod, string> = {
  password: 'password',
  totp: 'password and a one-time code',
  recovery: 'password and a recovery code',
  passkey: 'passkey',
};

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const quoted = (value: unknown) => (typeof value === 'string' ? ` “${escapeMarkdown(value)}”` : '');

/** The subject and first line of a notice, by action; null for an action that mails nobody. */
function headline(facts: SecurityNoticeFacts): { subject: string; lead: string } | null {
  const { detail } = facts;
  switch (facts.action) {
    case 'sign-in.succeeded':
      return detail.newDevice === true
        ? {
            subject: 'New sign-in',
            lead: 'Your account was signed in to from a device it had not been used on before.',
          }
        : null;
    case 'factor.recovery-code-used':
      return {
        subject: 'A recovery code was used',
        lead: 'One of your recovery codes was used to sign in. It cannot be used again.',
      };
    case 'password.changed':
      return { subject: 'Your password was changed', lead: 'The password of your account was changed.' };
    case 'password.reset':
      return {
        subject: 'Your password was reset',
        lead: 'The password of your account was reset from the server’s command line.',
      };
    case 'factor.totp-enrolled':
      return {
        subject: 'One-time codes were turned on',
        lead: 'An authenticator app was set up to give one-time codes for your account.',
      };
    case 'factor.totp-removed':
      return {
        subject: 'One-time codes were turned off',
        lead: 'The authenticator app’s one-time codes no longer sign in to your account.',
      };
    case 'factor.required-changed':
      return detail.required === true
        ? { subject: 'A second factor is now required', lead: 'Every sign-in now needs a second factor.' }
        : {
            subject: 'A second factor is no longer required',
            lead: 'A password alone can sign in to your account again.',
          };
    case 'factor.passkey-added':
      return {
        subject: 'A passkey was added',
        lead: `A passkey${quoted(detail.name)} was added to your account.`,
      };
    case 'factor.passkey-removed':
      return {
        subject: 'A passkey was removed',
        lead: `The passkey${quoted(detail.name)} was removed from your account.`,
      };
    case 'factor.cleared':
      return {
        subject: 'Your second factors were cleared',
        lead: 'Every second factor of your account was removed from the server’s command line.',
      };
    default:
      return null;
  }
}

/** Whether an audit row is one the owner is mailed about. */
export const isNoticeWorthy = (facts: Pick<SecurityNoticeFacts, 'action' | 'detail'>): boolean =>
  headline({
    ...facts,
    at: new Date(0),
    ip: null,
    userId: null,
    sessionId: null,
    sessionUserAgent: null,
    sessionLive: false,
  }) !== null;

/**
 * A security notice (docs/decisions/089-security-mail.md): what happened, when, on which device and from
 * which address, and, while that session is still signed in, a link that ends it.
 */
export function securityNoticeContent(input: {
  siteName: string;
  origin: string;
  facts: SecurityNoticeFacts;
  endSessionUrl: string | null;
}): MailContent | null {
  const { facts } = input;
  const head = headline(facts);
  if (!head) return null;
  const userAgent =
    typeof facts.detail.userAgent === 'string' ? facts.detail.userAgent : facts.sessionUserAgent;
  const method = facts.detail.method as SignInMethod | undefined;
  const lines = [
    `- When: ${when.format(facts.at)} UTC`,
    ...(facts.sessionId || userAgent ? [`- Device: ${escapeMarkdown(deviceName(userAgent))}`] : []),
    ...(facts.ip ? [`- Address: ${escapeMarkdown(facts.ip)}`] : []),
    ...(method && METHOD_WORDS[method] ? [`- Signed in with: ${METHOD_WORDS[method]}`] : []),
  ];
  const advice = input.endSessionUrl
    ? `If this was you, there is nothing to do. If it was not, [end that session](${input.endSessionUrl}) now, then change your password and check your second factors in the admin's Account tab.`
    : 'If this was you, there is nothing to do. If it was not, sign in, change your password and check your second factors and sessions in the admin’s Account tab.';
  return {
    siteName: input.siteName,
    subject: `${head.subject} · ${input.siteName}`,
    markdown: [`**${head.lead}**`, lines.join('\n'), advice].join('\n\n'),
    linkOrigin: input.origin,
    reason: `You receive this because you own the account of ${input.siteName}.`,
    unsubscribeUrl: null,
  };
}
