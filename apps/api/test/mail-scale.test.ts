/**
 * Sending at list scale (docs/decisions/090-sending-at-list-scale.md): batched claims in the queue's
 * order, messages given back keep their place and their count of tries, and the rate per recipient
 * domain holds one domain's broadcast mail back without holding other domains or a confirmation. A real
 * SMTP server; on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { claimMail, releaseMail, schema } from '@journey/db';
import { startSmtpSink, waitFor, type SmtpSink } from '@journey/testing';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIdOf } from '../src/features/newsletter/worker';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://journey.example';
/** The broadcast's per-domain share of a minute in this file. */
const PER_DOMAIN = 2;

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Solo Unicorn <news@journey.example>',
      PUBLIC_URL,
      MAIL_RATE_PER_MINUTE: '0',
      MAIL_RATE_PER_DOMAIN_PER_MINUTE: String(PER_DOMAIN),
      MAIL_SMTP_CONNECTIONS: '4',
    },
    signupRateLimit: { perIp: 1000, windowMs: 60_000 },
    mailRetryBaseMs: 50,
  });
  cookie = await registerAdmin(server.app);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const asAdmin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(server.app, method, url, payload, cookie);

async function confirmedReaders(emails: string[]): Promise<void> {
  await server.db.insert(schema.subscribers).values(
    emails.map((email) => ({
      email,
      status: 'confirmed' as const,
      consentVersion: 'v1',
      confirmedAt: new Date(),
    })),
  );
}

const queued = (recipients: string[]) =>
  server.db
    .select({
      recipient: schema.mailQueue.recipient,
      status: schema.mailQueue.status,
      attempts: schema.mailQueue.attempts,
    })
    .from(schema.mailQueue)
    .where(inArray(schema.mailQueue.recipient, recipients));

describe('the queue claims in batches', () => {
  it('claims up to the limit, priority mail first; given back, rows keep their place and tries', async () => {
    // Due only at the test's own clock, far ahead: the server's worker never claims them.
    const at = new Date('2099-01-01T00:00:00Z');
    const rows = await server.db
      .insert(schema.mailQueue)
      .values([
        ...['b1', 'b2', 'b3'].map((name) => ({
          kind: 'broadcast' as const,
          recipient: `${name}@batch.example`,
          linkOrigin: PUBLIC_URL,
          nextAttemptAt: at,
        })),
        { kind: 'test' as const, recipient: 't@batch.example', linkOrigin: PUBLIC_URL, nextAttemptAt: at },
      ])
      .returning({ id: schema.mailQueue.id, recipient: schema.mailQueue.recipient });
    const ids = rows.map((row) => row.id);
    const claimUntil = new Date('2100-01-01T00:00:00Z');
    try {
      const now = new Date('2099-06-01T00:00:00Z');
      const first = await claimMail(server.db, { now, claimUntil, limit: 2 });
      expect(first.map((mail) => mail.recipient)).toEqual(['t@batch.example', 'b1@batch.example']);
      expect(first.every((mail) => mail.attempts === 1)).toBe(true);

      await releaseMail(server.db, [first[1]!.id]);
      const states = await queued(['b1@batch.example']);
      expect(states).toEqual([{ recipient: 'b1@batch.example', status: 'queued', attempts: 0 }]);

      // Its place kept: b1 comes before b2 again.
      const second = await claimMail(server.db, { now, claimUntil, limit: 2 });
      expect(second.map((mail) => mail.recipient)).toEqual(['b1@batch.example', 'b2@batch.example']);
      // Claimed again, it is the same message: a copy sent twice after a crash has one Message-ID.
      expect(messageIdOf(second[0]!)).toBe(messageIdOf(first[1]!));
      expect(messageIdOf(second[0]!)).toMatch(/^<mail-\d+-[0-9a-z]+@journey\.example>$/);
      expect(messageIdOf(second[1]!)).not.toBe(messageIdOf(second[0]!));

      // A domain left alone: its broadcast rows stay where they are.
      await releaseMail(
        server.db,
        second.map((mail) => mail.id),
      );
      const skipping = await claimMail(server.db, {
        now,
        claimUntil,
        limit: 10,
        skipDomains: ['batch.example'],
      });
      expect(skipping.filter((mail) => ids.includes(mail.id))).toEqual([]);
    } finally {
      await server.db.delete(schema.mailQueue).where(inArray(schema.mailQueue.id, ids));
    }
  });
});

describe('the rate per recipient domain', () => {
  it('holds one domain back at its share of the minute, not the others nor a confirmation', async () => {
    const busy = ['r1', 'r2', 'r3', 'r4'].map((name) => `${name}@busy.example`);
    const others = ['q1', 'q2', 'q3', 'q4', 'q5'].map((name) => `${name}@other${name}.example`);
    await confirmedReaders([...busy, ...others]);
    const subject = 'Per domain';
    const draft = await asAdmin('POST', '/api/admin/broadcasts', { subject, body: 'To **many** domains.' });
    expect(draft.statusCode).toBe(201);
    const sent = await asAdmin('POST', `/api/admin/broadcasts/${draft.json().id}/send`);
    expect(sent.statusCode).toBe(202);

    const gotIt = (address: string) =>
      smtp.to(address).filter((message) => message.mail.subject === subject).length;
    await waitFor(
      'every other domain and the busy one up to its share',
      async () =>
        others.every((address) => gotIt(address) === 1) &&
        busy.filter((address) => gotIt(address) === 1).length === PER_DOMAIN,
    );

    // A confirmation to the busy domain is not held by the broadcast's rate.
    expect(
      (await call(server.app, 'POST', '/api/subscribers', { email: 'new@busy.example', consent: true }))
        .statusCode,
    ).toBe(201);
    await waitFor(
      'the confirmation to the busy domain',
      async () => smtp.to('new@busy.example').length === 1,
    );

    // The rest of the busy domain waits for its minute: queued, never tried, nothing lost.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(busy.filter((address) => gotIt(address) === 1)).toHaveLength(PER_DOMAIN);
    const waiting = (await queued(busy)).filter((row) => row.status !== 'sent');
    expect(waiting).toHaveLength(busy.length - PER_DOMAIN);
    expect(waiting.every((row) => row.status === 'queued' && row.attempts === 0)).toBe(true);
    // Every message went out once, under the Message-ID of its queued row.
    expect(busy.concat(others).every((address) => gotIt(address) <= 1)).toBe(true);
    for (const address of others)
      expect(smtp.to(address)[0]?.header('Message-ID')).toMatch(/^<mail-\d+-[0-9a-z]+@journey\.example>$/);
    // A batch writes the unsubscribe links of its messages at once: one for each message that went,
    // none left behind for one given back.
    const links = await server.db
      .select({ email: schema.subscribers.email })
      .from(schema.subscriberTokens)
      .innerJoin(schema.subscribers, eq(schema.subscribers.id, schema.subscriberTokens.subscriberId))
      .where(inArray(schema.subscribers.email, [...busy, ...others]));
    const linksOf = (address: string) => links.filter((link) => link.email === address).length;
    for (const address of [...busy, ...others]) expect(linksOf(address), address).toBe(gotIt(address));
    await server.db.delete(schema.mailQueue).where(eq(schema.mailQueue.status, 'queued'));
  });
});
