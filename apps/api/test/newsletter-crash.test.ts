/**
 * The send queue's promise (docs/decisions/040-newsletter-delivery.md): a broadcast to 500 addresses,
 * the server stopped halfway by SIGTERM or `kill -9` and started again, reaches every address; SIGTERM
 * sends no one two, `kill -9` at most the messages in flight (one per SMTP connection,
 * docs/decisions/090-sending-at-list-scale.md). On PostgreSQL also with two processes sharing the
 * queue, one of them killed. Real processes, a real SMTP server.
 */
import { createDatabase, schema } from '@journey/db';
import { testDatabaseUrl } from '@journey/db/testing';
import { startSmtpSink, type SmtpSink } from '@journey/testing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, http, waitFor } from './support/http';
import { useServerProcesses, type ServerDatabase, type ServerProcess } from './support/server-process';

const RECIPIENTS = 500;
/** Messages in flight at once: what `kill -9` may send twice. */
const CONNECTIONS = 4;
/** Two process starts and 500 mails: a busy CI machine has taken over two minutes. */
const CRASH_TEST_TIMEOUT_MS = 240_000;
const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `reader-${i}@example.com`);

/** 500 confirmed subscribers, written before any server holds the database (PGlite is one process's). */
async function seedSubscribers(database: ServerDatabase): Promise<void> {
  const handle = await createDatabase(
    database.env.DATABASE_URL
      ? { driver: 'postgres', url: database.env.DATABASE_URL, maxConnections: 1 }
      : { driver: 'pglite', dataDir: path.join(database.env.DATA_DIR!, 'pglite') },
  );
  try {
    await handle.db.insert(schema.subscribers).values(
      addresses.map((email) => ({
        email,
        status: 'confirmed' as const,
        consentVersion: 'v1',
        confirmedAt: new Date(),
      })),
    );
  } finally {
    await handle.close();
  }
}

async function startBroadcast(base: string, cookie: string, subject: string): Promise<void> {
  const draft = await http(base, 'POST', '/api/admin/broadcasts', {
    body: { subject, body: 'Half a thousand readers.' },
    cookie,
  });
  expect(draft.status).toBe(201);
  const sent = await http(base, 'POST', `/api/admin/broadcasts/${(draft.body as { id: number }).id}/send`, {
    cookie,
  });
  expect(sent.status).toBe(202);
}

/** Per address, how many copies of `subject` arrived. */
function copies(smtp: SmtpSink, subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of smtp.received)
    if (message.mail.subject === subject)
      for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

const received = (smtp: SmtpSink, subject: string) =>
  [...copies(smtp, subject).values()].reduce((a, b) => a + b, 0);

/**
 * Every address got `subject` as one message: a copy sent again after a crash carries the first one's
 * Message-ID, so a mailbox shows it once. Returns how many copies beyond one arrived in all.
 */
function duplicatesAfterAll(smtp: SmtpSink, subject: string): number {
  const counts = copies(smtp, subject);
  expect(addresses.filter((address) => !counts.has(address))).toEqual([]);
  const messageIds = new Map<string, Set<string | undefined>>();
  for (const message of smtp.received)
    if (message.mail.subject === subject)
      for (const to of message.to)
        messageIds.set(to, (messageIds.get(to) ?? new Set()).add(message.mail.messageId));
  const distinct = [...messageIds].filter(([, ids]) => ids.size !== 1 || ids.has(undefined));
  expect(distinct, 'addresses whose copies are not one message (one Message-ID)').toEqual([]);
  return [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
}

describe('a broadcast to 500 addresses across a stop', () => {
  const processes = useServerProcesses();
  let smtp: SmtpSink;
  let env: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Solo Unicorn <news@journey.example>',
      PUBLIC_URL: 'https://journey.example',
      // About 8 s for the 500: the stop lands in the middle.
      MAIL_RATE_PER_MINUTE: '3600',
      // All 500 go to one domain; several in flight at once (docs/decisions/090-sending-at-list-scale.md).
      MAIL_RATE_PER_DOMAIN_PER_MINUTE: '0',
      MAIL_SMTP_CONNECTIONS: String(CONNECTIONS),
      // Short, so a dead process's claims lapse soon; but longer than a send and its mark take on a busy
      // CI machine, or the other process takes over a message still being sent (the default is 120).
      MAIL_CLAIM_TIMEOUT_SECONDS: '10',
    };
    await seedSubscribers(processes.database());
  });
  afterAll(() => smtp?.close());

  let server: ServerProcess | undefined;
  let cookie = '';
  /** The block's server, started (and signed in to) by whichever test needs it first. */
  async function running(): Promise<ServerProcess> {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) {
      server = await processes.start(env);
      cookie = await adminCookie(server.base);
    }
    return server;
  }

  /** Sends `subject` from `server` and resolves once half of it has reached the SMTP server. */
  async function broadcastHalfway(server: ServerProcess, subject: string): Promise<void> {
    await startBroadcast(server.base, cookie, subject);
    await waitFor('half the broadcast', async () => received(smtp, subject) >= RECIPIENTS / 2, {
      timeoutMs: 60_000,
      everyMs: 20,
    });
  }

  /**
   * Waits for every address to have `subject`, then for longer than a claim lasts (a late second copy
   * would show by then), and returns the copies beyond one.
   */
  async function duplicatesOnceDone(subject: string): Promise<number> {
    await waitFor('the rest of the broadcast', async () => copies(smtp, subject).size === RECIPIENTS, {
      timeoutMs: 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    return duplicatesAfterAll(smtp, subject);
  }

  /**
   * Stops the server with `signal` halfway through a broadcast of `subject` and starts it again: the
   * exit, how many had the mail at the stop, and the copies beyond one once every address has it.
   */
  async function stopHalfwayAndRestart(signal: NodeJS.Signals, subject: string) {
    server = await running();
    await broadcastHalfway(server, subject);
    server.child.kill(signal);
    const exit = await server.exited;
    const atStop = received(smtp, subject);
    expect(atStop).toBeLessThan(RECIPIENTS);

    server = await processes.start(env);
    const duplicates = await duplicatesOnceDone(subject);
    console.log(
      `newsletter crash test, ${signal} after ${atStop} of ${RECIPIENTS}: ${duplicates} duplicates`,
    );
    return { exit, duplicates };
  }

  it(
    'SIGTERM halfway, then a restart: everyone gets it, no one twice',
    async () => {
      const { exit, duplicates } = await stopHalfwayAndRestart('SIGTERM', 'After SIGTERM');
      expect(exit.code).toBe(0);
      expect(duplicates).toBe(0);
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it(
    'kill -9 halfway, then a restart: everyone gets it, duplicates at most the ones in flight',
    async () => {
      const { duplicates } = await stopHalfwayAndRestart('SIGKILL', 'After kill -9');
      expect(duplicates).toBeLessThanOrEqual(CONNECTIONS);
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it.runIf(testDatabaseUrl() !== undefined)(
    'two processes on one PostgreSQL share the queue; one killed, the other finishes the broadcast',
    async () => {
      const first = await running();
      // Each process signs its mail with its own sender, so the SMTP server can tell who sent what.
      const second = await processes.start({ ...env, MAIL_FROM: 'Second <second@journey.example>' });
      const subject = 'Shared queue';
      const senders = () =>
        new Set(smtp.received.filter((m) => m.mail.subject === subject).map((m) => m.from));
      await startBroadcast(first.base, cookie, subject);
      // The second finds the queued mail at its next poll, which a busy machine may delay: the kill
      // comes once both have sent, not at a fixed count that the first alone could reach.
      await waitFor('both processes sending', async () => senders().size === 2, {
        timeoutMs: 60_000,
        everyMs: 20,
      });
      first.child.kill('SIGKILL');
      await first.exited;
      const atKill = received(smtp, subject);
      expect(atKill).toBeLessThan(RECIPIENTS);

      const duplicates = await duplicatesOnceDone(subject);
      console.log(
        `newsletter crash test, two processes (${senders().size} senders), ` +
          `one killed after ${atKill} of ${RECIPIENTS}: ${duplicates} duplicates`,
      );
      expect(duplicates).toBeLessThanOrEqual(CONNECTIONS);
      second.child.kill('SIGTERM');
      await second.exited;
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
