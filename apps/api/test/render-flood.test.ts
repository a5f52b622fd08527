/**
 * A flood of uncached page renders (random query strings, random unknown paths) cannot starve the
 * readers of cached answers (docs/decisions/057-render-limits-and-http-hardening.md): a page is kept
 * by its path and the query parameters it reads, so unknown parameters never render again, and the
 * renders that must happen wait in a short queue whose overflow is a 503 with Retry-After.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RENDER_CONCURRENCY, RENDER_QUEUE } from '../src/http/render-limit';
import { fakeWebBuild, useAdminServer, webEntryShowing } from './helpers';

/** What the stand-in's renders share with this test: they run in this very process. */
interface Probe {
  renders: string[];
  running: number;
  mostAtOnce: number;
  /** While set, a render of an unknown path waits for it (the flood's renders stay in flight). */
  gate: Promise<void> | null;
}
const probe: Probe = { renders: [], running: 0, mostAtOnce: 0, gate: null };
const shared = globalThis as { __renderFloodProbe?: Probe };
shared.__renderFloodProbe = probe;
afterAll(() => delete shared.__renderFloodProbe);

const ENTRY = webEntryShowing(
  `(input) => ({ head: '<title>t</title>', html: '<p>' + input.url + '</p>', state: '' })`,
  {
    prelude: 'const probe = globalThis.__renderFloodProbe;',
    first: `probe.renders.push(input.url);
      probe.running += 1;
      probe.mostAtOnce = Math.max(probe.mostAtOnce, probe.running);
      try { if (probe.gate && input.url.startsWith('/nowhere')) await probe.gate; } finally { probe.running -= 1; }`,
  },
);

const admin = useAdminServer({ env: { WEB_DIST_DIR: fakeWebBuild(ENTRY) } });
const get = (url: string, cookie?: string) =>
  admin.server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('page renders under a flood', () => {
  it('renders the landing page once for any number of unknown query parameters', async () => {
    expect((await get('/')).statusCode).toBe(200);
    probe.renders.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => get(`/?r=${index}&utm_source=x${index}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // The page reads no parameter: every one of them is the page already kept.
    expect(probe.renders).toEqual([]);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it('keeps a milestone page and a legal page by their path alone', async () => {
    await get('/privacy');
    probe.renders.length = 0;
    for (let index = 0; index < 10; index += 1) await get(`/privacy?r=${index}`);
    expect(probe.renders).toEqual([]);
  });

  it('answers cached reads while renders of unknown paths fill the limiter, and turns the overflow away', async () => {
    let open = () => {};
    probe.gate = new Promise<void>((resolve) => (open = resolve));
    probe.mostAtOnce = 0;
    probe.renders.length = 0;
    const flood = Array.from({ length: RENDER_CONCURRENCY + RENDER_QUEUE + 20 }, (_, index) =>
      get(`/nowhere/${index}?q=${index}`),
    );
    // Every slot is taken by a render held at the gate.
    await expect.poll(() => probe.running).toBe(RENDER_CONCURRENCY);

    // Meanwhile the cached answers are served, the page and the public reads alike.
    for (const url of ['/', '/?r=999', '/api/revenue', '/api/revenue?r=1', '/api/milestones']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect(probe.running).toBe(RENDER_CONCURRENCY);

    open();
    probe.gate = null;
    const answers = await Promise.all(flood);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(RENDER_CONCURRENCY + RENDER_QUEUE);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy).toHaveLength(20);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
    }
    // Never more renders at once than the limit, and none for the turned-away requests.
    expect(probe.mostAtOnce).toBe(RENDER_CONCURRENCY);
    expect(probe.renders).toHaveLength(RENDER_CONCURRENCY + RENDER_QUEUE);
  });

  it('leaves the signed-in admin out of the queue', async () => {
    let open = () => {};
    probe.gate = new Promise<void>((resolve) => (open = resolve));
    const flood = Array.from({ length: RENDER_CONCURRENCY + RENDER_QUEUE + 5 }, (_, index) =>
      get(`/nowhere/again/${index}`),
    );
    await expect.poll(() => probe.running).toBe(RENDER_CONCURRENCY);
    expect((await get('/admin', admin.cookie)).statusCode).toBe(200);
    open();
    probe.gate = null;
    await Promise.all(flood);
  });
});
