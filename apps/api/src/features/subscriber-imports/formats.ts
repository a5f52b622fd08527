import { isIP } from 'node:net';
import { CONSENT_EVIDENCE_MAX, type SubscriberImportFormat, type SubscriberStatus } from '@journey/contracts';

/**
 * The export columns of each service and what a row's own columns prove
 * (docs/decisions/096-subscriber-import.md, which names the sources). A row proving a confirmed opt-in
 * is kept `confirmed` with that evidence; a row proving nothing is `pending` and sent a confirmation;
 * a row the service says left (unsubscribed, cleaned, blocklisted) is kept `unsubscribed`, never mailed.
 */
export interface SubscriberLine {
  status: SubscriberStatus;
  consentSource: string | null;
  createdAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

export interface SubscriberExportFormat {
  /** Each column key and its header spellings (matched ignoring case and spaces); `email` is required. */
  columns: Record<string, readonly string[]>;
  read(cell: (key: string) => string): SubscriberLine | { error: string };
}

class RowError extends Error {}

/** An export's time: ISO 8601, or `2024-03-01 10:00:00` without a zone, which the services write in UTC. */
function instant(column: string, value: string): Date | null {
  if (value === '') return null;
  const zoneless = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value);
  const time = Date.parse(zoneless ? `${value.replace(' ', 'T')}Z` : value);
  if (Number.isNaN(time)) throw new RowError(`${column} "${value.slice(0, 40)}" is not a date and time.`);
  return new Date(time);
}

function ip(column: string, value: string): string | null {
  if (value === '') return null;
  if (isIP(value) === 0) throw new RowError(`${column} "${value.slice(0, 40)}" is not an IP address.`);
  return value;
}

function flag(column: string, value: string, absent: boolean): boolean {
  const lower = value.toLowerCase();
  if (lower === '') return absent;
  if (lower === 'true' || lower === '1' || lower === 'yes') return true;
  if (lower === 'false' || lower === '0' || lower === 'no') return false;
  throw new RowError(`${column} "${value.slice(0, 40)}" is neither true nor false.`);
}

const at = (date: Date | null, ipAddress: string | null = null) =>
  `${date?.toISOString() ?? 'at an unknown time'}${ipAddress ? ` from ${ipAddress}` : ''}`;

const pending = (createdAt: Date | null): SubscriberLine => ({
  status: 'pending',
  consentSource: null,
  createdAt,
  confirmedAt: null,
  unsubscribedAt: null,
});

const left = (createdAt: Date | null, unsubscribedAt: Date | null, source: string): SubscriberLine => ({
  status: 'unsubscribed',
  consentSource: source,
  createdAt,
  confirmedAt: null,
  unsubscribedAt,
});

const confirmed = (createdAt: Date | null, confirmedAt: Date | null, source: string): SubscriberLine => ({
  status: 'confirmed',
  consentSource: source,
  createdAt,
  confirmedAt,
  unsubscribedAt: null,
});

/** A format's reader whose checks throw RowError, turned into the row's error. */
const reading =
  (read: (cell: (key: string) => string) => SubscriberLine): SubscriberExportFormat['read'] =>
  (cell) => {
    try {
      return read(cell);
    } catch (error) {
      if (error instanceof RowError) return { error: error.message };
      throw error;
    }
  };

/**
 * Listmonk's subscriber export: uuid, email, name, attributes, status (enabled, disabled, blocklisted),
 * created_at, updated_at; a list's export adds subscription_status (unconfirmed, confirmed,
 * unsubscribed). Only `confirmed` is a double opt-in.
 */
const listmonk: SubscriberExportFormat = {
  columns: {
    email: ['email'],
    status: ['status'],
    subscription: ['subscription_status'],
    createdAt: ['created_at'],
  },
  read: reading((cell) => {
    const createdAt = instant('created_at', cell('createdAt'));
    const status = cell('status').toLowerCase();
    const subscription = cell('subscription').toLowerCase();
    if (!['', 'enabled', 'disabled', 'blocklisted'].includes(status))
      throw new RowError(`status "${status.slice(0, 40)}" is not enabled, disabled or blocklisted.`);
    if (!['', 'unconfirmed', 'confirmed', 'unsubscribed'].includes(subscription))
      throw new RowError(
        `subscription_status "${subscription.slice(0, 40)}" is not unconfirmed, confirmed or unsubscribed.`,
      );
    if (status === 'blocklisted' || status === 'disabled' || subscription === 'unsubscribed')
      return left(
        createdAt,
        null,
        `listmonk import: ${subscription === 'unsubscribed' ? 'unsubscribed' : status}`,
      );
    if (subscription === 'confirmed')
      return confirmed(
        createdAt,
        null,
        `listmonk import: subscription confirmed, signed up ${at(createdAt)}`,
      );
    return pending(createdAt);
  }),
};

/**
 * Substack's subscriber export: email, active_subscription, expiry, plan, email_disabled, created_at,
 * first_payment_at. It has no confirmation column; an active subscription with mail enabled is a
 * reader who subscribed on the publication's page and still receives it.
 */
const substack: SubscriberExportFormat = {
  columns: {
    email: ['email'],
    active: ['active_subscription'],
    disabled: ['email_disabled'],
    createdAt: ['created_at'],
  },
  read: reading((cell) => {
    const createdAt = instant('created_at', cell('createdAt'));
    const active = flag('active_subscription', cell('active'), true);
    const disabled = flag('email_disabled', cell('disabled'), false);
    if (!active || disabled)
      return left(
        createdAt,
        null,
        `substack import: ${disabled ? 'email disabled' : 'subscription inactive'}`,
      );
    return confirmed(createdAt, null, `substack import: active subscription since ${at(createdAt)}`);
  }),
};

/**
 * Ghost's members export: id, email, name, note, subscribed_to_emails, complimentary_plan,
 * stripe_customer_id, created_at, deleted_at, labels, tiers. A Ghost member signs up through a link
 * mailed to the address, so `subscribed_to_emails` true is a confirmed opt-in.
 */
const ghost: SubscriberExportFormat = {
  columns: {
    email: ['email'],
    subscribed: ['subscribed_to_emails'],
    createdAt: ['created_at'],
    deletedAt: ['deleted_at'],
  },
  read: reading((cell) => {
    const createdAt = instant('created_at', cell('createdAt'));
    const deletedAt = instant('deleted_at', cell('deletedAt'));
    const subscribed = flag('subscribed_to_emails', cell('subscribed'), false);
    if (deletedAt) return left(createdAt, deletedAt, 'ghost import: member deleted');
    if (!subscribed) return left(createdAt, null, 'ghost import: not subscribed to emails');
    return confirmed(createdAt, null, `ghost import: subscribed to emails, member since ${at(createdAt)}`);
  }),
};

/**
 * Mailchimp's audience export (subscribed, unsubscribed and cleaned are separate files): "Email
 * Address", "First Name", "Last Name", …, MEMBER_RATING, OPTIN_TIME, OPTIN_IP, CONFIRM_TIME,
 * CONFIRM_IP, …, and UNSUB_TIME or CLEAN_TIME in the unsubscribed and cleaned files.
 */
const mailchimp: SubscriberExportFormat = {
  columns: {
    email: ['email address', 'email'],
    optinTime: ['optin_time'],
    optinIp: ['optin_ip'],
    confirmTime: ['confirm_time'],
    confirmIp: ['confirm_ip'],
    unsubTime: ['unsub_time'],
    cleanTime: ['clean_time'],
  },
  read: reading((cell) => {
    const optinTime = instant('OPTIN_TIME', cell('optinTime'));
    const optinIp = ip('OPTIN_IP', cell('optinIp'));
    const confirmTime = instant('CONFIRM_TIME', cell('confirmTime'));
    const confirmIp = ip('CONFIRM_IP', cell('confirmIp'));
    const unsubTime = instant('UNSUB_TIME', cell('unsubTime'));
    const cleanTime = instant('CLEAN_TIME', cell('cleanTime'));
    if (unsubTime) return left(optinTime, unsubTime, `mailchimp import: unsubscribed ${at(unsubTime)}`);
    if (cleanTime) return left(optinTime, cleanTime, `mailchimp import: cleaned ${at(cleanTime)}`);
    if (!confirmTime) return pending(optinTime);
    const optedIn = optinTime || optinIp ? `opted in ${at(optinTime, optinIp)}, ` : '';
    return confirmed(
      optinTime ?? confirmTime,
      confirmTime,
      `mailchimp import: ${optedIn}confirmed ${at(confirmTime, confirmIp)}`,
    );
  }),
};

/** The generic file: `email`, and optionally `confirmed_at`, `consent_evidence` (or `source`), `created_at`, `unsubscribed_at`. */
const generic: SubscriberExportFormat = {
  columns: {
    email: ['email'],
    confirmedAt: ['confirmed_at'],
    evidence: ['consent_evidence', 'source'],
    createdAt: ['created_at', 'consent_at'],
    unsubscribedAt: ['unsubscribed_at'],
  },
  read: reading((cell) => {
    const createdAt = instant('created_at', cell('createdAt'));
    const confirmedAt = instant('confirmed_at', cell('confirmedAt'));
    const unsubscribedAt = instant('unsubscribed_at', cell('unsubscribedAt'));
    const evidence = cell('evidence');
    if (evidence.length > CONSENT_EVIDENCE_MAX)
      throw new RowError(`consent_evidence is longer than ${CONSENT_EVIDENCE_MAX} characters.`);
    const told = evidence ? `: ${evidence}` : '';
    if (unsubscribedAt)
      return left(createdAt, unsubscribedAt, `import: unsubscribed ${at(unsubscribedAt)}${told}`);
    if (!confirmedAt) return pending(createdAt);
    return confirmed(createdAt ?? confirmedAt, confirmedAt, `import: confirmed ${at(confirmedAt)}${told}`);
  }),
};

export const SUBSCRIBER_FORMATS: Record<SubscriberImportFormat, SubscriberExportFormat> = {
  listmonk,
  substack,
  ghost,
  mailchimp,
  generic,
};
