import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
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

/**
 * A real SMTP server (Nodemailer's `smtp-server`) on a free port of 127.0.0.1 that keeps what it gets:
 * the tests send through the same Nodemailer SMTP transport as production, over a real socket.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
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
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const headers = mail.headerLines;
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
            header: (name) => {
              const line = headers.find((entry) => entry.key === name.toLowerCase())?.line;
              return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
            },
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('the SMTP server has no port');
  const port = address.port;
  return {
    port,
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    to: (recipient) => received.filter((message) => message.to.includes(recipient)),
    waitForCount: async (count, timeoutMs = 60_000) => {
      await waitFor(`${count} mails at the SMTP server`, async () => received.length >= count, {
        timeoutMs,
        everyMs: 20,
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
