import { CONFIRMATION_TOKEN_DAYS } from '@journey/contracts';
import {
  addSubscriberToken,
  broadcastText,
  claimNextMail,
  dropMail,
  failMail,
  finishSentBroadcasts,
  markMailSent,
  readSecurityNotice,
  retryMail,
  subscriberById,
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
import { broadcastContent, confirmationContent } from './messages';
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

/** What a claimed message says, or null when it must not go out after all. */
async function buildMessage(
  options: MailWorkerOptions,
  bodies: BodyCache,
  mail: ClaimedMail,
): Promise<OutgoingMessage | null> {
  const { db, now } = options;
  const subscriber = mail.subscriberId === null ? null : await subscriberById(db, mail.subscriberId);
  const siteName = await options.siteName();
  const unsubscribeToken = async (subscriberId: number) => {
    const { token, hash } = newToken();
    await addSubscriberToken(db, { hash, subscriberId, purpose: 'unsubscribe', expiresAt: null });
    return token;
  };
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
    const confirm = newToken();
    await addSubscriberToken(db, {
      hash: confirm.hash,
      subscriberId: subscriber.id,
      purpose: 'confirm',
      expiresAt: new Date(now().getTime() + CONFIRMATION_TOKEN_DAYS * DAY_MS),
    });
    content = confirmationContent({
      siteName,
      origin: mail.linkOrigin,
      confirmToken: confirm.token,
      unsubscribeToken: await unsubscribeToken(subscriber.id),
    });
  } else {
    const broadcast = mail.broadcastId === null ? null : await broadcastText(db, mail.broadcastId);
    if (!broadcast) return null;
    if (mail.kind === 'broadcast' && (!subscriber || subscriber.status !== 'confirmed')) return null;
    content = broadcastContent({
      siteName,
      origin: mail.linkOrigin,
      subject: broadcast.subject,
      body: broadcast.body,
      unsubscribeToken:
        mail.kind === 'broadcast' && subscriber ? await unsubscribeToken(subscriber.id) : null,
    });
  }
  // A confirmation's or a notice's text carries its own token: rendered for it alone, never kept.
  const body =
    mail.kind === 'confirmation' || mail.kind === 'security'
      ? await renderBody(content.markdown, content.linkOrigin)
      : await renderedBody(bodies, content.markdown, content.linkOrigin);
  return { recipient: mail.recipient, ...composeMail(content, body) };
}

/**
 * The send loop of one process (docs/decisions/040-newsletter-delivery.md): claim one message, build
 * it, send it, mark it; never faster than MAIL_RATE_PER_MINUTE. One message is in flight at a time, so
 * a crash sends at most that one twice.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, now, log, transport } = options;
  const interval = 60_000 / options.config.ratePerMinute;
  let nextSendAt = 0;
  const bodies: BodyCache = new LRUCache({ max: 4 });

  async function deliver(mail: ClaimedMail): Promise<void> {
    const message = await buildMessage(options, bodies, mail);
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

  const loop = startJobLoop({
    log,
    name: 'the mail worker',
    // The sending rate: a wake while waiting for it does not cut it short.
    holdMs: () => nextSendAt - Date.now(),
    turn: async () => {
      const claimed = await claimNextMail(
        db,
        now(),
        new Date(now().getTime() + options.config.claimTimeoutMs),
      );
      if (!claimed) {
        await finishSentBroadcasts(db);
        return false;
      }
      nextSendAt = Date.now() + interval;
      await deliver(claimed);
      return true;
    },
  });
  return { wake: () => loop.wake(), stop: () => loop.stop() };
}
