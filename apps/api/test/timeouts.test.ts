/**
 * Connection timeouts, on real sockets: a client that trickles its headers or its body, or idles on a
 * kept-alive connection, is cut off instead of holding the connection for as long as it likes.
 */
import { connect, type Socket } from 'node:net';
import { schema } from '@journey/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUTS, type ConnectionTimeouts } from '../src/server';
import { startTestServer, type TestServer } from './helpers';

/** Short timeouts, so the tests take about a second each; the defaults are checked as values below. */
const SHORT: ConnectionTimeouts = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_200,
  keepAliveTimeoutMs: 500,
  idleTimeoutMs: 3_000,
  checkEveryMs: 100,
};
/** How long past its timeout a connection may still be open (the check interval, a busy machine). */
const SLACK_MS = 1_500;

interface Outcome {
  /** Milliseconds from connecting until the server closed the connection, or null if it never did. */
  closedAfterMs: number | null;
  received: string;
}

/** Connects, runs `talk`, and waits up to `waitMs` for the server to close the connection. */
async function converse(
  port: number,
  talk: (socket: Socket) => () => void,
  waitMs: number,
): Promise<Outcome> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const stop = talk(socket);
  const closedAfterMs = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
  stop();
  socket.destroy();
  return { closedAfterMs, received };
}

/** Writes the pieces one every 100 ms, then keeps writing `filler` forever (until stopped). */
function trickle(pieces: string[], filler: string) {
  return (socket: Socket) => {
    const queue = [...pieces];
    const timer = setInterval(() => {
      if (!socket.writable) return;
      socket.write(queue.shift() ?? filler);
    }, 100);
    return () => clearInterval(timer);
  };
}

describe('connection timeouts', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ timeouts: SHORT });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterAll(() => server?.close());

  it('cuts off a client that trickles its headers (408)', async () => {
    const outcome = await converse(
      port,
      trickle(['GET /api/revenue HTTP/1.1\r\n', 'Host: 127.0.0.1\r\n'], 'X-Slow: 1\r\n'),
      SHORT.headersTimeoutMs + SLACK_MS + 2_000,
    );
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(SHORT.headersTimeoutMs + SLACK_MS);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client that trickles its body (408), and nothing reaches the handler', async () => {
    const before = await server.db.$count(schema.subscribers);
    const head =
      'POST /api/subscribers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 100000\r\n\r\n{"email":"slow@example.com","consent":true,"pad":"';
    const outcome = await converse(port, trickle([head], 'x'), SHORT.requestTimeoutMs + SLACK_MS + 2_000);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(SHORT.requestTimeoutMs + SLACK_MS);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
    expect(await server.db.$count(schema.subscribers)).toBe(before);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const outcome = await converse(
      port,
      (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        return () => {};
      },
      SHORT.keepAliveTimeoutMs + SLACK_MS + 2_000,
    );
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200/);
    expect(outcome.closedAfterMs).not.toBeNull();
    expect(outcome.closedAfterMs!).toBeLessThan(SHORT.keepAliveTimeoutMs + SLACK_MS);
  });

  it('still answers a client that sends at a normal pace', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/revenue`);
    expect(response.status).toBe(200);
  });
});

describe('the default timeouts', () => {
  it('are set on the server: headers within 10 s, the whole request within 30 s, 5 s of keep-alive', async () => {
    const server = await startTestServer();
    try {
      const raw = server.app.server;
      expect(CONNECTION_TIMEOUTS).toEqual({
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 5_000,
        idleTimeoutMs: 60_000,
        checkEveryMs: 1_000,
      });
      expect(raw.headersTimeout).toBe(CONNECTION_TIMEOUTS.headersTimeoutMs);
      expect(raw.requestTimeout).toBe(CONNECTION_TIMEOUTS.requestTimeoutMs);
      expect(raw.keepAliveTimeout).toBe(CONNECTION_TIMEOUTS.keepAliveTimeoutMs);
      expect(raw.timeout).toBe(CONNECTION_TIMEOUTS.idleTimeoutMs);
    } finally {
      await server.close();
    }
  });
});
