import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = 'export const answer = 42;\n'.repeat(100);
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>\n'.repeat(20);

/** A stand-in for the web build: hashed assets and public files, precompressed as the build leaves them. */
function webBuild(): string {
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'journey-web-static-'));
  const client = path.join(webDir, 'client');
  mkdirSync(path.join(client, 'assets'), { recursive: true });
  mkdirSync(path.join(client, '.vite'));
  mkdirSync(path.join(webDir, 'server'));
  writeFileSync(
    path.join(client, 'index.html'),
    '<html><head><!--app-head--></head><body><!--app-html--></body></html>',
  );
  writeFileSync(
    path.join(webDir, 'server', 'entry-server.js'),
    // No pages: renders every path as not found, as the real one does for what is no page.
    `export const pages = [];
    export const pageAt = () => null;
    export const inlineScripts = [];
    export async function render() { return { status: 404, head: '', html: '<h1>Not found</h1>', state: '' }; }`,
  );
  const withVariants = (file: string, body: string) => {
    writeFileSync(file, body);
    writeFileSync(`${file}.br`, brotliCompressSync(body));
    writeFileSync(`${file}.gz`, gzipSync(body));
  };
  withVariants(path.join(client, 'assets', 'index-AbC123.js'), SCRIPT);
  withVariants(path.join(client, 'favicon.svg'), ICON);
  writeFileSync(path.join(client, 'og-image.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(path.join(client, '.vite', 'manifest.json'), '{}');
  return webDir;
}

describe('static assets of the web build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { WEB_DIST_DIR: webBuild() } });
  });
  afterAll(() => server?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends a hashed asset precompressed for Accept-Encoding %s, cached for a year',
    async (accept, encoding) => {
      const response = await get('/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      const body = encoding === 'br' ? brotliCompressSync(SCRIPT) : gzipSync(SCRIPT);
      expect(response.rawPayload.equals(body)).toBe(true);
    },
  );

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(SCRIPT);
  });

  it('has files outside /assets revalidated: no-cache with an ETag, then 304', async () => {
    for (const [url, accept] of [
      ['/favicon.svg', 'br'],
      ['/favicon.svg', 'identity'],
      ['/og-image.jpg', 'br'],
    ] as const) {
      const response = await get(url, { 'accept-encoding': accept });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const etag = response.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': accept, 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
    }
    expect((await get('/favicon.svg', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it("keeps the build's own files (.vite/manifest.json) private", async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Not found</h1>');
  });
});
