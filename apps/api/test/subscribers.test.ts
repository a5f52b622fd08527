import { schema } from '@journey/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('newsletter subscribers', () => {
  it('stores a subscriber with consent, once, and answers the same both times', async () => {
    const first = await call(server.app, 'POST', '/api/subscribers', {
      email: ' Reader@Example.com ',
      consent: true,
    });
    const second = await call(server.app, 'POST', '/api/subscribers', {
      email: 'reader@example.com',
      consent: true,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual({ subscribed: true });
    const rows = await server.db.select().from(schema.subscribers);
    expect(rows.map((r) => [r.email, r.consent])).toEqual([['reader@example.com', 1]]);
  });

  it.each([
    [{ email: 'reader2@example.com', consent: false }, 'consent', 'Please agree to receive updates.'],
    [{ email: 'reader2@example.com' }, 'consent', 'Please agree to receive updates.'],
    [{ email: 'nope', consent: true }, 'email', 'Please enter a valid email address.'],
    [{ consent: true }, 'email', 'Email is required.'],
  ])('rejects %j naming the field', async (payload, field, message) => {
    const response = await call(server.app, 'POST', '/api/subscribers', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await server.db.$count(schema.subscribers)).toBe(1);
  });

  it('lists and deletes subscribers for the admin only (tRPC)', async () => {
    expect((await call(server.app, 'GET', '/api/trpc/subscribers.list')).statusCode).toBe(401);
    const cookie = await registerAdmin(server.app);
    const list = await call(server.app, 'GET', '/api/trpc/subscribers.list', undefined, cookie);
    const [subscriber] = list.json().result.data;
    expect(subscriber).toMatchObject({ email: 'reader@example.com', consent: 1 });
    const removed = await call(
      server.app,
      'POST',
      '/api/trpc/subscribers.delete',
      { id: subscriber.id },
      cookie,
    );
    expect(removed.statusCode).toBe(200);
    expect(await server.db.$count(schema.subscribers)).toBe(0);
  });
});
