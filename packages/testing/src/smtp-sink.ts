import { simpleParser, type ParsedMail } from 'mailparser';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import { waitFor } from './wait-for';

/** A message as the SMTP server received it: the envelope, and the parsed mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  mail: ParsedMail;
  /** The header's value as sent, `undefined` when absent. */
  header(name: string): string | undefined;
}

export interface SmtpSink {
  port: number;
  /** `smtp://user:secret@127.0.0.1:<port>` for SMTP_URL: the server asks for that login. */
  url: string;
  received: ReceivedMail[];
  /** The messages to one address. */
  to(address: string): ReceivedMail[];
  /** Resolves once `count` messages in all have arrived; fails after `timeoutMs`. */
  waitForCount(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * The reply to a recipient: undefined accepts it, a code refuses it with that SMTP reply
   * (4xx: try later; 5xx: never).
   */
  replyTo?: (recipient: string) => number | undefined;
}

const USER = 'user';
const PASSWORD = 'secret';

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A listening `smtp-server` with the sinks' login and replies; `onData` takes each message. */
async function listenSmtp(
  options: SmtpSinkOptions,
  onData: NonNullable<SMTPServerOptions['onData']>,
): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    // Plain SMTP on loopback: STARTTLS would need a certificate, and AUTH is allowed without it here.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(smtpError(535, 'Authentication failed'));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = options.replyTo?.(address.address);
      if (code === undefined) callback();
      else callback(smtpError(code, code >= 500 ? 'Mailbox unavailable' : 'Try again later'));
    },
    onData,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('the SMTP server has no port');
  return {
    port: address.port,
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const envelopeOf = (session: SMTPServerSession) => ({
  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
});

/**
 * A real SMTP server (Nodemailer's `smtp-server`) on a free port of 127.0.0.1 that keeps what it gets:
 * the tests send through the same Nodemailer SMTP transport as production, over a real socket.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = await listenSmtp(options, (stream, session, callback) => {
    simpleParser(stream)
      .then((mail) => {
        const headers = mail.headerLines;
        received.push({
          ...envelopeOf(session),
          mail,
          header: (name) => {
            const line = headers.find((entry) => entry.key === name.toLowerCase())?.line;
            return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
          },
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  });
  return {
    ...server,
    received,
    to: (recipient) => received.filter((message) => message.to.includes(recipient)),
    waitForCount: async (count, timeoutMs = 60_000) => {
      await waitFor(`${count} mails at the SMTP server`, async () => received.length >= count, {
        timeoutMs,
        everyMs: 20,
      });
    },
  };
}

/** What a counting sink knows of one recipient: each copy's Message-ID (`undefined` when it had none). */
export type CopiesOf = Map<string, (string | undefined)[]>;

export interface CountingSmtpSink {
  port: number;
  url: string;
  /** Messages taken in all. */
  count(): number;
  /** Per recipient, the Message-ID of every copy that reached it. */
  copies: CopiesOf;
  close(): Promise<void>;
}

/** The Message-ID header of a raw message's header block. */
const messageIdOf = (headerBlock: string) =>
  /^message-id:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(headerBlock)?.[1]?.trim();

/**
 * The same SMTP server keeping only who got a copy and its Message-ID, for a bench sending tens of
 * thousands of messages: parsing and holding each one would weigh on the machine the sender runs on.
 */
export async function startCountingSmtpSink(options: SmtpSinkOptions = {}): Promise<CountingSmtpSink> {
  const copies: CopiesOf = new Map();
  let count = 0;
  const server = await listenSmtp(options, (stream, session, callback) => {
    let head = '';
    let headDone = false;
    stream.on('data', (chunk: Buffer) => {
      if (headDone) return;
      head += chunk.toString('latin1');
      const end = head.search(/\r?\n\r?\n/);
      if (end >= 0) [head, headDone] = [head.slice(0, end), true];
    });
    stream.on('error', (error) => callback(error));
    stream.on('end', () => {
      const id = messageIdOf(head);
      for (const to of envelopeOf(session).to) copies.set(to, [...(copies.get(to) ?? []), id]);
      count += 1;
      callback();
    });
  });
  return { ...server, count: () => count, copies };
}
