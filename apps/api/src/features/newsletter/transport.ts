import type { MailDelivery } from '@journey/contracts';
import { addToOutbox, type Database, type OutgoingMessage } from '@journey/db';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config';

/** Where a built message goes: an SMTP server, or the outbox table. */
export interface MailTransport {
  delivery: MailDelivery;
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/**
 * Bounds every step of an SMTP exchange well inside MAIL_CLAIM_TIMEOUT_SECONDS' smallest value, so a
 * hanging server fails one try instead of letting the claim lapse while the mail may still go out.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function smtpTransport(smtpUrl: string, from: string, connections: number): MailTransport {
  // MAIL_SMTP_CONNECTIONS pooled connections: the worker keeps at most that many messages in flight, so
  // none waits inside the pool with its claim running (docs/decisions/090-sending-at-list-scale.md).
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    // A connection is kept for many messages: a new one per hundred (the default) costs a handshake each.
    maxMessages: 10_000,
    ...SMTP_TIMEOUTS,
  });
  return {
    delivery: 'smtp',
    async send(message) {
      // Nodemailer writes the Message-ID itself: it takes ours from `messageId`, not from the headers.
      const { 'Message-ID': messageId, ...headers } = message.headers;
      await transporter.sendMail({
        from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers,
        ...(messageId ? { messageId } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(db: Database, now: () => Date): MailTransport {
  return {
    delivery: 'outbox',
    send: (message) => addToOutbox(db, message, now()),
    close: () => {},
  };
}

export function createMailTransport(config: MailConfig, db: Database, now: () => Date): MailTransport {
  return config.smtpUrl && config.from
    ? smtpTransport(config.smtpUrl, config.from, config.smtpConnections)
    : outboxTransport(db, now);
}

/** SMTP replies 5xx are final (no such mailbox, refused); 4xx replies and network failures may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** One line for the admin and the log: the server's reply when there was one. */
export function failureReason(error: unknown): string {
  const failure = error as { response?: unknown; message?: unknown } | null;
  const text = typeof failure?.response === 'string' ? failure.response : String(failure?.message ?? error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}
