/**
 * Outgoing webhooks across kill -9 (docs/decisions/091-outgoing-webhooks.md): a delivery leased by a
 * worker that dies mid-request is sent again after the restart (PGlite gives the lease back at start,
 * PostgreSQL lets it lapse), with the same webhook-id, so none is lost and the receiver can drop the
 * repeat. Standard Webhooks promise at least once; this checks that, and the id a receiver dedupes by.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, http, waitFor } from './support/http';
import { useServerProcesses } from './support/server-process';

/** Two process starts and a lapsed lease on PostgreSQL (30 s): a hang guard, generous on a busy machine. */
const CRASH_TEST_TIMEOUT_MS = 240_000;

describe('a webhook delivery across kill -9', () => {
  const processes = useServerProcesses();
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  /** While true the receiver holds every request open: the delivery stays leased, mid-send. */
  let hang = true;
  let receiver: Server;
  let url = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        if (!hang) res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it(
    'is sent again after the restart, with the same webhook-id, and delivered',
    async () => {
      const env = { WEBHOOKS_ALLOW_PRIVATE: 'true' };
      const first = await processes.start(env);
      const cookie = await adminCookie(first.base);
      const endpoint = await http(first.base, 'POST', '/api/admin/webhooks', {
        body: { url, events: ['revenue.created'] },
        cookie,
      });
      expect(endpoint.status).toBe(201);
      const { id, secret } = endpoint.body as { id: number; secret: string };
      const entry = await http(first.base, 'POST', '/api/revenue', {
        body: { amount: '9.00', source: 'ai', description: 'Sold before the crash', date: '2025-03-01' },
        cookie,
      });
      expect(entry.status).toBe(201);
      await waitFor('the delivery in flight', async () => received.length === 1, { timeoutMs: 60_000 });
      const leased = await http(first.base, 'GET', `/api/admin/webhooks/${id}/deliveries`, { cookie });
      expect((leased.body as { status: string }[]).map((row) => row.status)).toEqual(['sending']);

      first.child.kill('SIGKILL');
      await first.exited;
      hang = false;

      const second = await processes.start(env);
      const again = await adminCookie(second.base);
      await waitFor(
        'the delivery after the restart',
        async () => {
          const list = await http(second.base, 'GET', `/api/admin/webhooks/${id}/deliveries`, {
            cookie: again,
          });
          return (list.body as { status: string }[]).some((row) => row.status === 'delivered');
        },
        { timeoutMs: 180_000 },
      );
      const list = await http(second.base, 'GET', `/api/admin/webhooks/${id}/deliveries`, { cookie: again });
      expect(list.body).toHaveLength(1);
      expect(received.length).toBeGreaterThanOrEqual(2);
      // Every copy is the same message: verified, and one webhook-id to dedupe by.
      const ids = new Set(received.map((copy) => copy.headers['webhook-id']));
      expect(ids.size).toBe(1);
      for (const copy of received) {
        const message = new Webhook(secret).verify(copy.body, {
          'webhook-id': String(copy.headers['webhook-id']),
          'webhook-timestamp': String(copy.headers['webhook-timestamp']),
          'webhook-signature': String(copy.headers['webhook-signature']),
        });
        expect(message).toMatchObject({
          type: 'revenue.created',
          data: { id: (entry.body as { id: number }).id },
        });
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
