import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';
import { registerAdmin, revenueEntry } from './support/http';
import { parseLogLines, type LogLine } from './support/log-line';

/**
 * The front door (src/http/front-door.ts) answers ready cached reads before Fastify, over real HTTP
 * only (`inject` never passes through it): its answers must be the very ones Fastify's route gives.
 */
interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(base + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

const withoutPerRequest = ({ date: _date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;

const READS = ['/api/revenue', '/api/milestones', '/api/experiments'];
const VARIANTS: Record<string, Record<string, string>> = {
  plain: {},
  br: { 'accept-encoding': 'br' },
  gzip: { 'accept-encoding': 'gzip' },
  browser: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  'opted out': { 'accept-encoding': 'br', 'x-no-compression': '1' },
};

describe('the front door', () => {
  let server: TestServer;
  let base: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      lines.push(...parseLogLines(chunk.toString()));
    });
    server = await startTestServer({ logStream });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('answers a hit with the status, headers and bytes Fastify gave the miss, in every encoding and for a 304', async () => {
    for (const path of READS) {
      const { etag } = (await get(base, path)).headers;
      for (const [name, headers] of [
        ...Object.entries(VARIANTS),
        ['304', { 'if-none-match': String(etag) }],
      ] as const) {
        const label = `${name} ${path}`;
        server.app.publicCache.invalidate();
        const answered = server.app.frontDoor.answered;
        const miss = await get(base, path, headers);
        expect(server.app.frontDoor.answered, label).toBe(answered);
        expect(server.app.publicCache.peek(path), label).toBeDefined();
        const hit = await get(base, path, headers);
        expect(server.app.frontDoor.answered, label).toBe(answered + 1);
        expect(hit.status, label).toBe(miss.status);
        expect(withoutPerRequest(hit.headers), label).toEqual(withoutPerRequest(miss.headers));
        expect(hit.body.equals(miss.body), label).toBe(true);
        expect(hit.headers['x-request-id'], label).toMatch(/^[0-9a-f-]{36}$/);
        expect(hit.headers['x-request-id'], label).not.toBe(miss.headers['x-request-id']);
      }
    }
  });

  it('logs one line per answer it gives, with its request id and the path only', async () => {
    await get(base, '/api/experiments');
    const hit = await get(base, '/api/experiments');
    await expect
      .poll(() => lines.filter((line) => line.reqId === hit.headers['x-request-id']))
      .toHaveLength(1);
    const line = lines.find((entry) => entry.reqId === hit.headers['x-request-id']);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/experiments' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.responseTime).toBe('number');
  });

  it('never sends an answer from before an acknowledged write', async () => {
    const cookie = await registerAdmin(base);
    for (let round = 0; round < 5; round++) {
      await get(base, '/api/revenue');
      const before = JSON.parse((await get(base, '/api/revenue')).body.toString()) as {
        totalRevenue: string;
      };
      const written = await fetch(`${base}/api/revenue`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify(revenueEntry('7.00')),
      });
      expect(written.status).toBe(201);
      const after = JSON.parse((await get(base, '/api/revenue')).body.toString()) as { totalRevenue: string };
      expect(Number(after.totalRevenue)).toBeCloseTo(Number(before.totalRevenue) + 7, 2);
    }
  });

  it('answers a read without input whatever its query string, and leaves everything to Fastify once the server closes', async () => {
    const plain = await get(base, '/api/revenue');
    const answered = server.app.frontDoor.answered;
    // The read takes no parameter, so none of them makes another answer (docs/decisions/057-…).
    const withQuery = await get(base, '/api/revenue?unused=1&r=2');
    expect(withQuery.status).toBe(200);
    expect(withQuery.body).toEqual(plain.body);
    expect(server.app.frontDoor.answered).toBe(answered + 1);
    server.app.frontDoor.close();
    expect((await get(base, '/api/revenue')).status).toBe(200);
    expect(server.app.frontDoor.answered).toBe(answered + 1);
  });
});
