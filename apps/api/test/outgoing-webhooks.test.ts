/**
 * Outgoing webhooks (docs/decisions/091-outgoing-webhooks.md): endpoints, their deliveries through the
 * durable job table, signed as Standard Webhooks says and checked here with its own package, retried,
 * re-sent with the same webhook-id, and never sent to a private address unless allowed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@journey/db';
import { WEBHOOK_EVENTS } from '@journey/contracts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../src/features/webhooks/address-guard';
import { itRejectsBadInput, useAdminServer } from './helpers';
import { waitFor } from './support/http';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local receiver: records every request, answers as `answer` says for its path. */
function useReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, (count: number, res: ServerResponse) => void>();
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body });
        const answer = answers.get(path);
        const count = received.filter((entry) => entry.path === path).length;
        if (answer) answer(count, res);
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    answers,
    url: (path: string) => base + path,
    at: (path: string) => received.filter((entry) => entry.path === path),
  };
}

const receiver = useReceiver();
const admin = useAdminServer({
  env: { WEBHOOKS_ALLOW_PRIVATE: 'true' },
  webhookRetryDelaysMs: [20, 20, 20],
});

async function addEndpoint(path: string, events: string[] = [...WEBHOOK_EVENTS]) {
  const response = await admin.create('/api/admin/webhooks', { url: receiver.url(path), events });
  return response.json() as { id: number; secret: string; url: string };
}

const deliveriesOf = async (id: number) => {
  const response = await admin.call('GET', `/api/admin/webhooks/${id}/deliveries`);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; status: string; attempts: number; messageId: string }[];
};

const verified = (secret: string, entry: Received) =>
  new Webhook(secret).verify(entry.body, {
    'webhook-id': String(entry.headers['webhook-id']),
    'webhook-timestamp': String(entry.headers['webhook-timestamp']),
    'webhook-signature': String(entry.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

const revenue = { amount: '12.50', source: 'ai', description: 'A webhook sale', date: '2025-03-01' };

describe('endpoints', () => {
  it('creates, lists, changes and deletes an endpoint; the secret is in the create answer only', async () => {
    const created = await addEndpoint('/crud', ['revenue.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(created).toMatchObject({ url: receiver.url('/crud'), events: ['revenue.created'], enabled: true });

    const list = await admin.call('GET', '/api/admin/webhooks');
    const listed = list.json().find((entry: { id: number }) => entry.id === created.id);
    expect(listed).toMatchObject({ url: receiver.url('/crud'), enabled: true, disabledReason: null });
    expect(listed).not.toHaveProperty('secret');
    expect(list.body).not.toContain(created.secret);
    const [stored] = await admin.server.db
      .select()
      .from(schema.webhookEndpoints)
      .where(eq(schema.webhookEndpoints.id, created.id));
    expect(stored?.secretSealed).not.toContain(created.secret.slice(6));

    const updated = await admin.call('PUT', `/api/admin/webhooks/${created.id}`, {
      url: receiver.url('/crud2'),
      events: ['milestone.published', 'milestone.published'],
      enabled: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ events: ['milestone.published'], enabled: false });
    expect(updated.body).not.toContain(created.secret);

    expect((await admin.call('DELETE', `/api/admin/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await admin.call('DELETE', `/api/admin/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await admin.call('GET', `/api/admin/webhooks/${created.id}/deliveries`)).statusCode).toBe(404);
    const missing = await admin.call('PUT', `/api/admin/webhooks/${created.id}`, {
      url: receiver.url('/x'),
      events: ['revenue.created'],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 without a session, over REST and tRPC', async () => {
    const { call } = await import('./helpers');
    expect((await call(admin.server.app, 'GET', '/api/admin/webhooks')).statusCode).toBe(401);
    expect((await call(admin.server.app, 'GET', '/api/trpc/webhooks.list')).statusCode).toBe(401);
  });

  itRejectsBadInput(admin, '/api/admin/webhooks', () => admin.server.db.$count(schema.webhookEndpoints), [
    [{ events: ['revenue.created'] }, 'url', 'Enter the endpoint’s URL.'],
    [
      { url: 'ftp://example.com/hook', events: ['revenue.created'] },
      'url',
      'Enter an http:// or https:// URL.',
    ],
    [{ url: 'not a url', events: ['revenue.created'] }, 'url', 'Enter an http:// or https:// URL.'],
    [
      { url: 'https://user:pw@example.com/hook', events: ['revenue.created'] },
      'url',
      'A URL with a user name or password is not accepted.',
    ],
    [{ url: 'https://example.com/hook', events: [] }, 'events', 'Pick at least one event.'],
    [
      { url: 'https://example.com/hook', events: ['revenue.deleted'] },
      'events.0',
      `Must be one of: ${WEBHOOK_EVENTS.join(', ')}.`,
    ],
    [
      { url: 'https://example.com/hook', events: ['revenue.created'], enabled: 'yes' },
      'enabled',
      'Must be true or false.',
    ],
  ]);
});

describe('deliveries', () => {
  it('signs each event so that the standardwebhooks package verifies it, with public fields only', async () => {
    const endpoint = await addEndpoint('/signed');
    const created = (await admin.create('/api/revenue', revenue)).json();
    await waitFor('the revenue.created delivery', async () => receiver.at('/signed').length >= 1);
    const [entry] = receiver.at('/signed');
    const message = verified(endpoint.secret, entry!);
    expect(message).toMatchObject({ type: 'revenue.created', data: { id: created.id, source: 'ai' } });
    expect(new Date(message.timestamp).getTime()).not.toBeNaN();
    // Decision 083: an amount the owner may hide never leaves in a webhook.
    expect(entry!.body).not.toContain('12.5');
    expect(entry!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(entry!.headers['content-type']).toBe('application/json');
    // A wrong secret does not verify.
    expect(() => verified(`whsec_${Buffer.from('another secret').toString('base64')}`, entry!)).toThrow();
    await waitFor('the delivery recorded', async () =>
      (await deliveriesOf(endpoint.id)).every((delivery) => delivery.status === 'delivered'),
    );
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'revenue.created', attempts: 1, lastStatusCode: 200 });
    await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  });

  it('raises each event from its write', async () => {
    const endpoint = await addEndpoint('/events');
    const entry = (await admin.create('/api/revenue', { ...revenue, description: 'Events entry' })).json();
    const edit = await admin.call('PUT', `/api/admin/revenue/${entry.id}`, { ...revenue, amount: '13.00' });
    expect(edit.statusCode, edit.body).toBe(200);
    const milestone = (
      await admin.create('/api/milestones', {
        title: 'Webhooks shipped',
        description: 'Outgoing webhooks are live',
        date: '2025-03-02',
        day: 5,
      })
    ).json();
    const experiment = (
      await admin.create('/api/experiments', {
        title: 'Hook lab',
        description: 'An experiment with webhooks',
        status: 'Active',
        projectCount: 1,
        imageUrl: '/images/placeholder.jpg',
      })
    ).json();
    // Confirming and the end of a broadcast happen in the newsletter's own paths; the triggers see any.
    const [subscriber] = await admin.server.db
      .insert(schema.subscribers)
      .values({ email: 'hook@example.com' })
      .returning();
    await admin.server.db
      .update(schema.subscribers)
      .set({ status: 'confirmed', confirmedAt: new Date() })
      .where(eq(schema.subscribers.id, subscriber!.id));
    const [broadcast] = await admin.server.db
      .insert(schema.broadcasts)
      .values({ subject: 'News', body: 'Hello', status: 'sending' })
      .returning();
    await admin.server.db
      .update(schema.broadcasts)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(schema.broadcasts.id, broadcast!.id));

    await waitFor('six events', async () => receiver.at('/events').length >= 6);
    const events = receiver.at('/events').map((received) => verified(endpoint.secret, received));
    expect(events.map((event) => event.type).sort()).toEqual(
      [
        'broadcast.sent',
        'experiment.changed',
        'milestone.published',
        'revenue.corrected',
        'revenue.created',
        'subscriber.confirmed',
      ].sort(),
    );
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
    expect(byType['revenue.corrected']).toMatchObject({ id: entry.id });
    expect(byType['milestone.published']).toMatchObject({ id: milestone.id, title: 'Webhooks shipped' });
    expect(byType['experiment.changed']).toMatchObject({ id: experiment.id, title: 'Hook lab' });
    expect(byType['subscriber.confirmed']).toEqual({ id: subscriber!.id, confirmedAt: expect.any(String) });
    expect(JSON.stringify(events)).not.toContain('hook@example.com');
    expect(byType['broadcast.sent']).toMatchObject({ id: broadcast!.id, subject: 'News' });
    await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  });

  it('sends only the events an enabled endpoint picked', async () => {
    const picky = await addEndpoint('/picky', ['milestone.published']);
    await admin.create('/api/revenue', { ...revenue, description: 'Not for picky' });
    const rows = await admin.server.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.endpointId, picky.id));
    expect(rows).toEqual([]);
    await admin.call('PUT', `/api/admin/webhooks/${picky.id}`, {
      url: receiver.url('/picky'),
      events: ['revenue.created'],
      enabled: false,
    });
    await admin.create('/api/revenue', { ...revenue, description: 'Picky is off' });
    expect(await deliveriesOf(picky.id)).toEqual([]);
    await admin.call('DELETE', `/api/admin/webhooks/${picky.id}`);
  });

  it('a receiver answering 500 then 200 gets the event once more, and it is delivered', async () => {
    receiver.answers.set('/flaky', (count, res) => res.writeHead(count === 1 ? 500 : 200).end('flaky'));
    const endpoint = await addEndpoint('/flaky', ['revenue.created']);
    await admin.create('/api/revenue', { ...revenue, description: 'Flaky receiver' });
    await waitFor('delivered after a retry', async () =>
      (await deliveriesOf(endpoint.id)).some((delivery) => delivery.status === 'delivered'),
    );
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(2);
    expect(tries[0]!.headers['webhook-id']).toBe(tries[1]!.headers['webhook-id']);
    expect(tries[0]!.body).toBe(tries[1]!.body);
    await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  });

  it('does not follow a redirect: it is a failed attempt, and after the last try the delivery failed', async () => {
    receiver.answers.set('/moved', (_count, res) =>
      res.writeHead(307, { location: receiver.url('/target') }).end(),
    );
    const endpoint = await addEndpoint('/moved', ['revenue.created']);
    await admin.create('/api/revenue', { ...revenue, description: 'Moved away' });
    await waitFor('failed after every try', async () =>
      (await deliveriesOf(endpoint.id)).some((delivery) => delivery.status === 'failed'),
    );
    const [delivery] = await deliveriesOf(endpoint.id);
    // One first try and the three retries the test's schedule has.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4, lastStatusCode: 307 });
    expect((delivery as unknown as { lastError: string }).lastError).toContain('redirects are not followed');
    expect(receiver.at('/moved')).toHaveLength(4);
    expect(receiver.at('/target')).toHaveLength(0);

    // Re-sent: a new attempt, with the same webhook-id.
    receiver.answers.set('/moved', (_count, res) => res.writeHead(204).end());
    const resent = await admin.call('POST', `/api/admin/webhooks/deliveries/${delivery!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: delivery!.id, status: 'queued' });
    await waitFor('delivered after the resend', async () =>
      (await deliveriesOf(endpoint.id)).some((entry) => entry.status === 'delivered'),
    );
    const tries = receiver.at('/moved');
    expect(tries).toHaveLength(5);
    expect(new Set(tries.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    expect(tries[4]!.headers['webhook-id']).toBe(delivery!.messageId);
    expect((await admin.call('POST', '/api/admin/webhooks/deliveries/999999/resend')).statusCode).toBe(404);
    await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  });

  it('a 410 Gone turns the endpoint off; saving it enabled turns it on again', async () => {
    // A long answer: only its first 2 KB are kept.
    receiver.answers.set('/gone', (_count, res) => res.writeHead(410).end('g'.repeat(50_000)));
    const endpoint = await addEndpoint('/gone', ['revenue.created']);
    await admin.create('/api/revenue', { ...revenue, description: 'Gone away' });
    await waitFor('the endpoint turned off', async () => {
      const list = (await admin.call('GET', '/api/admin/webhooks')).json() as {
        id: number;
        enabled: boolean;
      }[];
      return list.some((entry) => entry.id === endpoint.id && !entry.enabled);
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect((delivery as unknown as { lastResponse: string }).lastResponse).toBe('g'.repeat(2048));
    const saved = await admin.call('PUT', `/api/admin/webhooks/${endpoint.id}`, {
      url: endpoint.url,
      events: ['revenue.created'],
      enabled: true,
    });
    expect(saved.json()).toMatchObject({ enabled: true, disabledReason: null });
    await admin.call('DELETE', `/api/admin/webhooks/${endpoint.id}`);
  });
});

describe('private addresses (server-side request forgery)', () => {
  const guarded = useAdminServer();

  it.each([
    'http://127.0.0.1:9/hook',
    'http://localhost:9/hook',
    'http://10.1.2.3/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:9/hook',
    'http://[fd00::1]/hook',
    'http://0.0.0.0/hook',
    'http://100.64.0.1/hook',
  ])('refuses %s by default with a 400 on the url', async (url) => {
    const response = await guarded.call('POST', '/api/admin/webhooks', { url, events: ['revenue.created'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.url).toMatch(/loopback, private or reserved address/);
    expect(await guarded.server.db.$count(schema.webhookEndpoints)).toBe(0);
  });

  it('knows public addresses from private ones, IPv4-mapped IPv6 included', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '172.16.0.1', 'fe80::1', '224.0.0.1', '::'])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('a delivery to an endpoint that became private is a failed attempt, never a request', async () => {
    // Stored directly: the owner could not save it, as a name that later resolves inside could be.
    const hits = receiver.at('/sneaky').length;
    await guarded.server.db.insert(schema.webhookEndpoints).values({
      url: receiver.url('/sneaky'),
      events: ['revenue.created'],
      secretSealed: guarded.server.app.secretBox.seal('whsec_c2VjcmV0'),
    });
    await guarded.create('/api/revenue', { ...revenue, description: 'Sneaky entry' });
    await waitFor('the attempt recorded', async () => {
      const [row] = await guarded.server.db.select().from(schema.webhookDeliveries);
      return (row?.attempts ?? 0) >= 1 && row?.status === 'queued';
    });
    const [row] = await guarded.server.db.select().from(schema.webhookDeliveries);
    expect(row?.lastError).toMatch(/loopback, private or reserved address/);
    expect(receiver.at('/sneaky').length).toBe(hits);
  });
});
