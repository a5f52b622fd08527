/**
 * What a kept answer looks like on the wire (src/http/send-cached.ts): a hit answers the very status,
 * headers and bytes of the miss that filled it, in every encoding, with the ETag and 304 of
 * @fastify/etag and the encodings of @fastify/compress, made once per entry for JSON and HTML alike.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedPageTables } from '../src/trpc/procedures';
import { call, fakeWebBuild, useTestServer, ANSWERS_AND_RENDERS_ENTRY } from './helpers';

const server = useTestServer({ env: { WEB_DIST_DIR: fakeWebBuild(ANSWERS_AND_RENDERS_ENTRY) } });

const READS = ['/api/revenue', '/api/milestones', '/api/experiments', '/'];
const VARIANTS: { name: string; method: 'GET' | 'HEAD'; headers: Record<string, string> }[] = [
  { name: 'plain', method: 'GET', headers: {} },
  { name: 'br', method: 'GET', headers: { 'accept-encoding': 'br' } },
  { name: 'gzip', method: 'GET', headers: { 'accept-encoding': 'gzip' } },
  { name: 'browser', method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
  { name: 'any', method: 'GET', headers: { 'accept-encoding': '*' } },
  { name: 'opted out', method: 'GET', headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } },
  { name: 'HEAD', method: 'HEAD', headers: { 'accept-encoding': 'br' } },
];
const withoutPerRequest = (headers: Record<string, unknown>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};
const renders = async () =>
  Number(/<output>(\d+)<\/output>/.exec((await call(server.app, 'GET', '/')).body)?.[1]);

describe('a cache hit', () => {
  it('is served from the kept answer: a change no write announced stays unseen, the page is not rendered again', async () => {
    const title = async () =>
      ((await call(server.app, 'GET', '/api/experiments')).json() as { title: string }[])[0]?.title;
    const before = await title();
    const rendered = await renders();
    // Triggers off: no notification, no invalidation; only a fresh read could show it.
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update experiments set title = 'Unannounced'`);
    });
    expect(await title()).toBe(before);
    expect(await renders()).toBe(rendered);
    server.app.publicCache.invalidate(['experiments']);
    expect(await title()).toBe('Unannounced');
    expect(await renders()).toBe(rendered + 1);
  });

  it('answers the very status, headers and bytes of the miss that filled it, in every encoding', async () => {
    for (const url of READS) {
      const { etag } = (await call(server.app, 'GET', url)).headers;
      const revalidate = { 'if-none-match': String(etag) };
      for (const variant of [...VARIANTS, { name: '304', method: 'GET' as const, headers: revalidate }]) {
        const name = `${variant.name} ${url}`;
        server.app.publicCache.invalidate();
        const miss = await server.app.inject({ method: variant.method, url, headers: variant.headers });
        const hit = await server.app.inject({ method: variant.method, url, headers: variant.headers });
        expect(hit.statusCode, name).toBe(miss.statusCode);
        expect(withoutPerRequest(hit.headers), name).toEqual(withoutPerRequest(miss.headers));
        expect(hit.rawPayload.equals(miss.rawPayload), name).toBe(true);
        // Each request still has its own id.
        expect(hit.headers['x-request-id'], name).not.toBe(miss.headers['x-request-id']);
      }
    }
  });

  it('answers every variant as the plugins do: security headers, ETag, 304, encodings', async () => {
    for (const url of ['/api/experiments', '/']) {
      const plain = await call(server.app, 'GET', url);
      expect(plain.rawPayload.length, url).toBeGreaterThanOrEqual(1024);
      const answers = await Promise.all(VARIANTS.map((variant) => server.app.inject({ url, ...variant })));
      const [, br, gzip, browser, any, optedOut, head] = answers;
      const page = url === '/';
      expect(plain.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        'content-type': page ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
        'content-length': String(plain.rawPayload.length),
      });
      // A page keeps helmet's policy for pages; a JSON read has the API's.
      if (page) expect(plain.headers['content-security-policy'], url).toContain("script-src 'self'");
      else
        expect(plain.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(plain.headers.vary, url).toBe(page ? 'Cookie' : undefined);
      for (const [answer, encoding] of [
        [br, 'br'],
        [gzip, 'gzip'],
        [browser, 'br'],
        [any, 'gzip'],
      ] as const) {
        const name = `${encoding} ${url}`;
        expect(answer?.headers['content-encoding'], name).toBe(encoding);
        expect(answer?.headers.vary, name).toBe(page ? 'Cookie, accept-encoding' : 'accept-encoding');
        expect(answer?.headers['content-length'], name).toBe(String(answer?.rawPayload.length));
        const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
        expect(decode(answer?.rawPayload ?? Buffer.alloc(0)).equals(plain.rawPayload), name).toBe(true);
      }
      // The same compressed bytes on every hit: made once for the entry.
      const again = await server.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(again.rawPayload.equals(br?.rawPayload ?? Buffer.alloc(0)), url).toBe(true);
      expect(optedOut?.headers['content-encoding'], url).toBeUndefined();
      expect(optedOut?.rawPayload.equals(plain.rawPayload), url).toBe(true);
      expect(head?.headers['content-encoding'], url).toBeUndefined();
      expect(head?.headers['content-length'], url).toBe(String(plain.rawPayload.length));
      for (const held of [String(plain.headers.etag), `W/${String(plain.headers.etag)}`]) {
        const revalidated = await server.app.inject({
          url,
          headers: { 'if-none-match': held, 'accept-encoding': 'br' },
        });
        expect(revalidated.statusCode, held).toBe(304);
        expect(revalidated.body, held).toBe('');
        expect(revalidated.headers.etag, held).toBe(plain.headers.etag);
        expect(revalidated.headers['content-encoding'], held).toBeUndefined();
      }
    }
  });
});

describe('the shared pages', () => {
  it("are the pages whose own queries are all public reads, built from those reads' tables", () => {
    const shared = Object.fromEntries(
      (server.app.web?.ssr.pages ?? []).flatMap((page) => {
        const tables = sharedPageTables(page);
        return tables ? [[page.path, [...tables].sort()]] : [];
      }),
    );
    expect(shared).toEqual({
      '/': ['connections', 'experiments', 'milestones', 'revenues', 'settings'],
      '/milestones/:ref': ['milestones', 'settings'],
      // An experiment's page shows its money (its revenue, as the owner's privacy allows) and milestones.
      '/lab/:slug': ['experiments', 'milestones', 'revenues', 'settings'],
      // The newsletter archive's list and issues (docs/decisions/095-newsletter-archive.md).
      '/newsletter/archive': ['newsletter', 'settings'],
      '/newsletter/:slug': ['newsletter', 'settings'],
      '/privacy': ['settings'],
      '/terms': ['settings'],
      '/cookies': ['settings'],
    });
  });
});
