import { CONFIRMATION_TOKEN_DAYS, type Subscriber } from '@journey/contracts';
import {
  addSubscriberTokens,
  broadcastText,
  claimMail,
  dropMail,
  failMail,
  finishSentBroadcasts,
  markMailSent,
  readSecurityNotice,
  readWelcomeMail,
  releaseMail,
  retryMail,
  deleteSubscriberTokens,
  subscribersByIds,
  type ClaimedMail,
  type Database,
  type OutgoingMessage,
} from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { MailConfig } from '../../config';
import { startJobLoop } from '../jobs/job-loop';
import { renderOffThread } from '../markdown/render-pool';
import { composeMail, type MailBody, type MailContent } from './compose';
import { broadcastContent, confirmationContent, welcomeContent } from './messages';
import { newToken } from './tokens';
import type { EndSessionTarget } from '../security-mail/end-session-link';
import { securityNoticeContent } from '../security-mail/notice-content';
import { failureReason, isPermanentFailure, type MailTransport } from './transport';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tries of one message before a temporary failure counts as final. */
export const MAX_ATTEMPTS = 8;

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  config: MailConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  siteName: () => Promise<string>;
  /** The first retry's delay; it doubles with every further try, up to an hour. */
  retryBaseMs: number;
  /** The link of a security notice that ends the session it tells of (docs/decisions/089-security-mail.md). */
  endSessionUrl: (origin: string, target: EndSessionTarget) => string;
}

export interface MailWorker {
  /** Something was queued: look now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, and waits for the message in flight to be sent and marked. */
  stop(): Promise<void>;
}

/**
 * Rendered mail bodies by origin and Markdown: a broadcast is rendered once, off the main thread, and
 * each recipient's mail only adds its own footer (docs/decisions/056-newsletter-hardening.md). A few
 * entries: a process sends one broadcast (and its tests) at a time.
 */
type BodyCache = LRUCache<string, Promise<MailBody>>;

const renderBody = (markdown: string, origin: string): Promise<MailBody> =>
  renderOffThread({ markdown, mailLinkOrigin: origin }).then(({ html, text }) => ({
    html,
    text: text ?? '',
  }));

function renderedBody(cache: BodyCache, markdown: string, origin: string): Promise<MailBody> {
  const key = `${origin}\n${markdown}`;
  let body = cache.get(key);
  if (!body) {
    body = renderBody(markdown, origin);
    // A failed render is not kept: the next try renders again.
    body.catch(() => cache.delete(key));
    cache.set(key, body);
  }
  return body;
}

/**
 * What the messages of one claimed batch need from the database, read or written once for the batch
 * (docs/decisions/090-sending-at-list-scale.md): the site's name, each broadcast's text, the
 * recipients, and the unsubscribe links of the list mail about to go, one statement each.
 */
interface BatchReads {
  siteName: () => Promise<string>;
  broadcast: (id: number) => Promise<Awaited<ReturnType<typeof broadcastText>>>;
  subscriber: (id: number) => Subscriber | null;
  /** The unsubscribe link made for this list message; counted as used once asked for. */
  unsubscribeToken: (mail: ClaimedMail) => string | null;
  /** The links made for messages that never went (given back, dropped): removed at the batch's end. */
  unusedTokenHashes: () => string[];
}

/** List mail goes to a confirmed reader and carries an unsubscribe link of its own. */
const isListMail = (mail: ClaimedMail) => mail.kind === 'broadcast' || mail.kind === 'welcome';

async function prepareBatch(options: MailWorkerOptions, batch: readonly ClaimedMail[]): Promise<BatchReads> {
  const { db } = options;
  const subscriberIds = [...new Set(batch.flatMap((mail) => mail.subscriberId ?? []))];
  const subscribers = await subscribersByIds(db, subscriberIds);
  const tokens = new Map<number, { token: string; hash: string; subscriberId: number }>();
  for (const mail of batch) {
    const subscriber = mail.subscriberId === null ? undefined : subscribers.get(mail.subscriberId);
    if (isListMail(mail) && subscriber?.status === 'confirmed')
      tokens.set(mail.id, { ...newToken(), subscriberId: subscriber.id });
  }
  await addSubscriberTokens(
    db,
    [...tokens.values()].map(({ hash, subscriberId }) => ({
      hash,
      subscriberId,
      purpose: 'unsubscribe' as const,
      expiresAt: null,
    })),
  );
  const used = new Set<number>();
  let siteName: Promise<string> | undefined;
  const broadcasts = new Map<number, ReturnType<typeof broadcastText>>();
  return {
    siteName: () => (siteName ??= options.siteName()),
    broadcast: (id) => {
      let text = broadcasts.get(id);
      if (!text) broadcasts.set(id, (text = broadcastText(db, id)));
      return text;
    },
    subscriber: (id) => subscribers.get(id) ?? null,
    unsubscribeToken: (mail) => {
      const made = tokens.get(mail.id);
      if (!made) return null;
      used.add(mail.id);
      return made.token;
    },
    unusedTokenHashes: () => [...tokens].flatMap(([mailId, { hash }]) => (used.has(mailId) ? [] : [hash])),
  };
}

/** What a claimed message says, or null when it must not go out after all. */
async function buildMessage(
  options: MailWorkerOptions,
  bodies: BodyCache,
  reads: BatchReads,
  mail: ClaimedMail,
): Promise<OutgoingMessage | null> {
  const { db, now } = options;
  const subscriber = mail.subscriberId === null ? null : reads.subscriber(mail.subscriberId);
  const siteName = await reads.siteName();
  let content: MailContent;
  if (mail.kind === 'security') {
    const facts = mail.auditEventId === null ? null : await readSecurityNotice(db, mail.auditEventId);
    const notice =
      facts &&
      securityNoticeContent({
        siteName,
        origin: mail.linkOrigin,
        facts,
        endSessionUrl:
          facts.sessionLive && facts.sessionId !== null && facts.userId !== null
            ? options.endSessionUrl(mail.linkOrigin, { userId: facts.userId, sessionId: facts.sessionId })
            : null,
      });
    // Its audit row purged before it went: nothing left to tell.
    if (!notice) return null;
    content = notice;
  } else if (mail.kind === 'confirmation') {
    if (!subscriber || subscriber.status !== 'pending') return null;
    const [confirm, unsubscribe] = [newToken(), newToken()];
    await addSubscriberTokens(db, [
      {
        hash: confirm.hash,
        subscriberId: subscriber.id,
        purpose: 'confirm',
        expiresAt: new Date(now().getTime() + CONFIRMATION_TOKEN_DAYS * DAY_MS),
      },
      { hash: unsubscribe.hash, subscriberId: subscriber.id, purpose: 'unsubscribe', expiresAt: null },
    ]);
    content = confirmationContent({
      siteName,
      origin: mail.linkOrigin,
      confirmToken: confirm.token,
      unsubscribeToken: unsubscribe.token,
    });
  } else if (mail.kind === 'welcome') {
    // The owner's text as last saved, read now; none when they turned it off since, or the reader left.
    if (!subscriber || subscriber.status !== 'confirmed') return null;
    const welcome = await readWelcomeMail(db);
    if (!welcome.enabled || !welcome.subject || !welcome.body) return null;
    const unsubscribeToken = reads.unsubscribeToken(mail);
    if (!unsubscribeToken) return null;
    content = welcomeContent({
      siteName,
      origin: mail.linkOrigin,
      subject: welcome.subject,
      body: welcome.body,
      unsubscribeToken,
    });
  } else {
    const broadcast = mail.broadcastId === null ? null : await reads.broadcast(mail.broadcastId);
    if (!broadcast) return null;
    if (mail.kind === 'broadcast' && (!subscriber || subscriber.status !== 'confirmed')) return null;
    const unsubscribeToken = mail.kind === 'broadcast' ? reads.unsubscribeToken(mail) : null;
    if (mail.kind === 'broadcast' && !unsubscribeToken) return null;
    content = broadcastContent({
      siteName,
      origin: mail.linkOrigin,
      subject: broadcast.subject,
      body: broadcast.body,
      archivePath: broadcast.archivePath,
      unsubscribeToken,
    });
  }
  // A confirmation's or a notice's text carries its own token: rendered for it alone, never kept.
  const body =
    mail.kind === 'confirmation' || mail.kind === 'security'
      ? await renderBody(content.markdown, content.linkOrigin)
      : await renderedBody(bodies, content.markdown, content.linkOrigin);
  const composed = composeMail(content, body);
  return {
    recipient: mail.recipient,
    ...composed,
    headers: { ...composed.headers, 'Message-ID': messageIdOf(mail) },
  };
}

/**
 * One Message-ID per queued message, the same on every try: a copy sent again after a crash (the
 * server took it, the process died before marking it sent) is the same message to the receiving
 * system, which shows it once (docs/decisions/090-sending-at-list-scale.md). The queue time keeps ids
 * of a new database from repeating an old one's.
 */
export function messageIdOf(mail: Pick<ClaimedMail, 'id' | 'createdAt' | 'linkOrigin'>): string {
  return `<mail-${mail.id}-${mail.createdAt.getTime().toString(36)}@${new URL(mail.linkOrigin).hostname}>`;
}

/** Messages claimed at once per connection when no rate holds the worker back. */
const BATCH_PER_CONNECTION = 8;
/** With a rate, a batch holds about this much sending: a confirmation waits no longer behind it. */
const BATCH_SPAN_MS = 5_000;
const MINUTE_MS = 60_000;

/** The domain of an address, as the per-domain rate counts it (and the claim's SQL). */
export const mailDomain = (address: string) => (address.split('@')[1] ?? '').toLowerCase();

/**
 * This process's sends per domain over the last minute (MAIL_RATE_PER_DOMAIN_PER_MINUTE,
 * docs/decisions/090-sending-at-list-scale.md).
 */
class DomainWindow {
  private readonly sends = new Map<string, number[]>();
  constructor(private readonly perMinute: number) {}

  private recent(domain: string, at: number): number[] {
    const times = this.sends.get(domain);
    if (!times) return [];
    while ((times[0] ?? Infinity) <= at - MINUTE_MS) times.shift();
    if (times.length === 0) this.sends.delete(domain);
    return times;
  }

  /** Counts a send to `domain` now, or answers false when the domain had its minute's share. */
  take(domain: string, at: number): boolean {
    if (this.perMinute === 0) return true;
    const times = this.recent(domain, at);
    if (times.length >= this.perMinute) return false;
    times.push(at);
    this.sends.set(domain, times);
    return true;
  }

  /** The domains at their limit, for the claim to leave alone. */
  full(at: number): string[] {
    if (this.perMinute === 0) return [];
    return [...this.sends.keys()].filter((domain) => this.recent(domain, at).length >= this.perMinute);
  }
}

/**
 * The send loop of one process (docs/decisions/040-newsletter-delivery.md,
 * 090-sending-at-list-scale.md): claim a batch, send it over MAIL_SMTP_CONNECTIONS connections at once,
 * mark each message as it is answered; never faster than MAIL_RATE_PER_MINUTE, nor to one domain faster
 * than MAIL_RATE_PER_DOMAIN_PER_MINUTE. At most one message per connection is in flight, so a crash
 * sends at most that many twice; a stop sends the ones in flight and gives the rest of the batch back.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, now, log, transport, config } = options;
  const connections = config.smtpConnections;
  const interval = config.ratePerMinute > 0 ? MINUTE_MS / config.ratePerMinute : 0;
  const batchSize =
    interval === 0
      ? connections * BATCH_PER_CONNECTION
      : Math.max(1, Math.min(connections * BATCH_PER_CONNECTION, Math.floor(BATCH_SPAN_MS / interval)));
  const domains = new DomainWindow(config.ratePerDomainPerMinute);
  let nextSlotAt = 0;
  let stopping = false;
  const sleepers = new Set<() => void>();
  const bodies: BodyCache = new LRUCache({ max: 4 });

  /** Waits `ms`, or less when the worker stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  /** The process's rate: each send takes the next free slot, `interval` after the one before. */
  async function slot(): Promise<void> {
    if (interval === 0) return;
    const at = Math.max(Date.now(), nextSlotAt);
    nextSlotAt = at + interval;
    if (at > Date.now()) await sleep(at - Date.now());
  }

  async function deliver(mail: ClaimedMail, reads: BatchReads): Promise<void> {
    const message = await buildMessage(options, bodies, reads, mail);
    if (!message) return dropMail(db, mail.id);
    try {
      await transport.send(message);
    } catch (error) {
      const reason = failureReason(error);
      if (isPermanentFailure(error) || mail.attempts >= MAX_ATTEMPTS) {
        log.warn({ mailId: mail.id, kind: mail.kind, reason }, 'mail failed for good');
        return failMail(db, mail.id, reason);
      }
      const delay = Math.min(options.retryBaseMs * 2 ** (mail.attempts - 1), 60 * 60 * 1000);
      log.info({ mailId: mail.id, kind: mail.kind, reason, retryInMs: delay }, 'mail failed, will retry');
      return retryMail(db, mail.id, new Date(now().getTime() + delay), reason);
    }
    await markMailSent(db, mail.id, now());
  }

  /**
   * Sends a claimed batch, `connections` at a time. A message is handed to SMTP only while its claim
   * has at least half its time left, so the claim covers the send (its SMTP steps are bounded well
   * inside it, transport.ts); the ones not started (a stop, a domain at its rate, a claim running
   * short) are given back, in their place.
   */
  async function sendBatch(batch: ClaimedMail[], claimedAt: number): Promise<void> {
    const giveBack: number[] = [];
    const startBy = claimedAt + config.claimTimeoutMs / 2;
    let next = 0;
    let failure: unknown = null;
    const reads = await prepareBatch(options, batch);
    async function lane(): Promise<void> {
      for (let mail = batch[next++]; mail; mail = batch[next++]) {
        if (stopping || failure !== null || Date.now() > startBy) {
          giveBack.push(mail.id);
          continue;
        }
        if (mail.kind === 'broadcast' && !domains.take(mailDomain(mail.recipient), Date.now())) {
          giveBack.push(mail.id);
          continue;
        }
        await slot();
        if (stopping || Date.now() > startBy) {
          giveBack.push(mail.id);
          continue;
        }
        try {
          await deliver(mail, reads);
        } catch (error) {
          // The database failed: the rest goes back, and the loop pauses and tries again.
          failure ??= error;
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(connections, batch.length) }, lane));
    await releaseMail(db, giveBack);
    await deleteSubscriberTokens(db, reads.unusedTokenHashes());
    if (failure !== null) throw failure;
  }

  const loop = startJobLoop({
    log,
    name: 'the mail worker',
    turn: async () => {
      const claimedAt = Date.now();
      const batch = await claimMail(db, {
        now: now(),
        claimUntil: new Date(now().getTime() + config.claimTimeoutMs),
        limit: batchSize,
        skipDomains: domains.full(Date.now()),
      });
      if (batch.length === 0) {
        await finishSentBroadcasts(db);
        return false;
      }
      await sendBatch(batch, claimedAt);
      return true;
    },
  });
  return {
    wake: () => loop.wake(),
    stop: async () => {
      stopping = true;
      for (const wakeUp of [...sleepers]) wakeUp();
      await loop.stop();
    },
  };
}
