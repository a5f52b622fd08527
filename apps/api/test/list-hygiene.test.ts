import { createTestDatabase } from '@journey/db/testing';
import { schema } from '@journey/db';
import { loadConfig } from '../src/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

const NOW = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

let server: TestServer;

beforeAll(async () => {
  const database = await createTestDatabase();
  const db = database.handle.db;
  const people: (typeof schema.subscribers.$inferInsert)[] = [
    { email: 'never-confirmed@example.com', status: 'pending', createdAt: daysAgo(31) },
    {
      email: 'asked-again@example.com',
      status: 'pending',
      createdAt: daysAgo(40),
      confirmationQueuedAt: daysAgo(2),
    },
    { email: 'just-signed-up@example.com', status: 'pending', createdAt: daysAgo(3) },
    { email: 'reader@example.com', status: 'confirmed', createdAt: daysAgo(90), confirmedAt: daysAgo(89) },
    {
      email: 'second-reader@example.com',
      status: 'confirmed',
      createdAt: daysAgo(60),
      confirmedAt: daysAgo(60),
    },
    {
      email: 'left@example.com',
      status: 'unsubscribed',
      createdAt: daysAgo(120),
      unsubscribedAt: daysAgo(100),
    },
  ];
  const rows = await db
    .insert(schema.subscribers)
    .values(people.map((row) => ({ consent: 1, consentVersion: '2024-01', ...row })))
    .returning({ id: schema.subscribers.id, email: schema.subscribers.email });
  const neverConfirmed = rows.find((row) => row.email === 'never-confirmed@example.com')!;
  // Its confirmation mail, still queued (an SMTP server that was down): erased with the address.
  await db.insert(schema.mailQueue).values({
    kind: 'confirmation',
    subscriberId: neverConfirmed.id,
    recipient: neverConfirmed.email,
    linkOrigin: 'http://localhost',
    nextAttemptAt: daysAgo(31),
  });
  server = await startTestServer({ database, now: () => NOW });
});
afterAll(() => server?.close());

describe('list hygiene', () => {
  it('erases at start the sign-ups pending for more than 30 days since their last request, with their mail', async () => {
    await server.app.ready();
    await expect
      .poll(async () =>
        (await server.db.select({ email: schema.subscribers.email }).from(schema.subscribers))
          .map((row) => row.email)
          .sort(),
      )
      .toEqual([
        'asked-again@example.com',
        'just-signed-up@example.com',
        'left@example.com',
        'reader@example.com',
        'second-reader@example.com',
      ]);
    expect(await server.db.$count(schema.mailQueue)).toBe(0);
  });

  it('counts confirmed readers apart from pending and unsubscribed addresses, for the admin only', async () => {
    expect((await call(server.app, 'GET', '/api/admin/subscribers/counts')).statusCode).toBe(401);
    const cookie = await registerAdmin(server.app);
    const counts = await call(server.app, 'GET', '/api/admin/subscribers/counts', undefined, cookie);
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ confirmed: 2, pending: 2, unsubscribed: 1, pendingErasedAfterDays: 30 });
  });

  it('takes its period from UNCONFIRMED_SUBSCRIBER_DAYS and refuses a bad one by name', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies' };
    expect(loadConfig({ ...base, UNCONFIRMED_SUBSCRIBER_DAYS: '7' }).unconfirmedSubscriberDays).toBe(7);
    expect(loadConfig(base).unconfirmedSubscriberDays).toBe(30);
    expect(() => loadConfig({ ...base, UNCONFIRMED_SUBSCRIBER_DAYS: '0' })).toThrow(
      /UNCONFIRMED_SUBSCRIBER_DAYS/,
    );
    expect(() => loadConfig({ ...base, UNCONFIRMED_SUBSCRIBER_DAYS: 'soon' })).toThrow(
      /UNCONFIRMED_SUBSCRIBER_DAYS/,
    );
  });
});
