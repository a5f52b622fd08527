import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { HEADLINE } from './support';

/**
 * The landing page's budget (the performance issue's numbers), measured on the production build the
 * suite runs against: what `/` loads until it is interactive, gzipped at level 9 here whatever
 * encoding the server chose.
 */
const BUDGET_KB = { js: 100, css: 15 };

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const KB = 1024;

/**
 * Code that must stay out of `/`, by source module: the build's source maps list the modules of
 * every chunk, so a chunk is identified by what it holds, whatever Rolldown named it.
 */
const KEPT_OUT = {
  'the admin panel': (source: string) => source.endsWith('/src/features/admin/admin-page.tsx'),
  'the date pickers': (source: string) => source.includes('/@mantine/dates/'),
  'the login and registration forms': (source: string) =>
    /\/src\/features\/auth\/(login|register)-form\.tsx$/.test(source),
  'zod (the contracts’ schemas)': (source: string) => source.includes('/node_modules/zod/'),
  // The revenue chart loads when it scrolls into view, never with the page.
  recharts: (source: string) => source.includes('/node_modules/recharts/'),
  'the chart components': (source: string) => source.includes('/@mantine/charts/'),
  'the milestone page': (source: string) =>
    source.endsWith('/src/features/milestone-pages/milestone-page.tsx'),
  // The landing page hydrates without them (docs/decisions/047-landing-page-weight.md).
  'the router': (source: string) => source.includes('/node_modules/react-router/'),
  'React Query': (source: string) => source.includes('/node_modules/@tanstack/query-core/'),
  'the tRPC client': (source: string) => source.includes('/node_modules/@trpc/client/'),
  // The sections below the hero hydrate when the reader heads for them (features/landing/sections-needed.ts).
  'the sections below the hero': (source: string) =>
    source.endsWith('/src/features/landing/landing-sections.tsx'),
};

/** The chunk files (`assets/…js`) holding a module that `holds` matches. */
function chunksHolding(holds: (source: string) => boolean): Set<string> {
  const chunks = new Set<string>();
  for (const file of readdirSync(path.join(clientDir, 'assets'))) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(path.join(clientDir, 'assets', file), 'utf8')) as {
      sources: string[];
    };
    if (map.sources.some(holds)) chunks.add(`assets/${file.slice(0, -'.map'.length)}`);
  }
  return chunks;
}

/** The chunk file of a module that is a code-split entry, from Vite's build manifest. */
function manifestChunk(source: string): { file: string; css?: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[] }
  >;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build manifest`);
  return chunk;
}

interface Loaded {
  file: string;
  kind: 'js' | 'css';
  gzip: number;
}

/** The `<style>` elements of a page's head, as one stylesheet, or null when there is none. */
function headStylesheets(html: string): Loaded | null {
  const head = html.slice(0, html.indexOf('</head>'));
  const css = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body = '']) => body).join('\n');
  return css ? { file: '<style> in the HTML', kind: 'css', gzip: gzipSync(css, { level: 9 }).length } : null;
}

test.describe('landing page budget', () => {
  test('loads at most 100 KB of JavaScript and 15 KB of CSS (gzip) before it is interactive', async ({
    page,
  }, testInfo) => {
    const loads: Promise<Loaded | null>[] = [];
    page.on('response', (response: Response) => {
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('text/html') && response.request().isNavigationRequest()) {
        // The stylesheet index.html carries inline (vite.config.ts), in the head; Mantine's own <style>
        // elements (CSS variables) are in the body and were never counted.
        loads.push(response.text().then(headStylesheets));
        return;
      }
      const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : null;
      if (!kind) return;
      const file = new URL(response.url()).pathname.slice(1);
      loads.push(response.body().then((body) => ({ file, kind, gzip: gzipSync(body, { level: 9 }).length })));
    });

    // A fresh context: nothing cached. Interactive means hydrated (app/hydration-marker.tsx).
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    // Anything fetched right after hydration (effects) counts too.
    await page.waitForLoadState('networkidle');

    const loaded = (await Promise.all(loads)).filter((entry): entry is Loaded => entry !== null);
    const total = (kind: Loaded['kind']) =>
      loaded.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.gzip, 0) / KB;
    const report = [
      `JS ${total('js').toFixed(1)} KB gzip (budget ${BUDGET_KB.js}), CSS ${total('css').toFixed(1)} KB gzip (budget ${BUDGET_KB.css})`,
      ...loaded.map((entry) => `  ${(entry.gzip / KB).toFixed(1).padStart(6)} KB  ${entry.file}`),
    ].join('\n');
    console.log(`[${testInfo.project.name}] / loads:\n${report}`);
    testInfo.annotations.push({ type: 'landing page bundle', description: report });

    expect(
      loaded.some((entry) => entry.kind === 'js'),
      'the page loads its scripts',
    ).toBe(true);
    expect(
      loaded.some((entry) => entry.kind === 'css'),
      'the page has its stylesheet',
    ).toBe(true);
    expect(total('js'), `JavaScript of /\n${report}`).toBeLessThanOrEqual(BUDGET_KB.js);
    expect(total('css'), `CSS of /\n${report}`).toBeLessThanOrEqual(BUDGET_KB.css);

    const requested = new Set(loaded.map((entry) => entry.file));
    for (const [what, holds] of Object.entries(KEPT_OUT)) {
      const chunks = chunksHolding(holds);
      expect(chunks.size, `the build has a chunk holding ${what}`).toBeGreaterThan(0);
      expect(
        [...chunks].filter((chunk) => requested.has(chunk)),
        `chunks holding ${what} that / loaded`,
      ).toEqual([]);
    }
    // The source maps and the manifest agree on where the code-split pages are.
    expect(chunksHolding(KEPT_OUT['the admin panel'])).toContain(
      manifestChunk('src/features/admin/admin-page.tsx').file,
    );
    expect(chunksHolding(KEPT_OUT['the login and registration forms'])).toContain(
      manifestChunk('src/features/auth/auth-page.tsx').file,
    );
    expect(chunksHolding(KEPT_OUT['the milestone page'])).toContain(
      manifestChunk('src/features/milestone-pages/milestone-page.tsx').file,
    );
    // The sections are in the first HTML: their styles are in the page's stylesheet, not their chunk's
    // (features/landing/section-styles.ts).
    const sections = manifestChunk('src/features/landing/landing-sections.tsx');
    expect(chunksHolding(KEPT_OUT['the sections below the hero'])).toContain(sections.file);
    expect(sections.css ?? [], 'stylesheets of the deferred sections’ chunk').toEqual([]);
  });

  test('paints the server’s HTML before it requests a script, and still hydrates', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    }));
    expect(paint, 'the first contentful paint').toBeDefined();
    expect(scripts.length, 'the scripts the page loaded').toBeGreaterThan(0);
    // The entry starts after the first paint (vite.config.ts, docs/decisions/051-start-the-app-after-the-first-paint.md).
    for (const script of scripts) expect(script.startTime, script.name).toBeGreaterThanOrEqual(paint!);
  });
});
