import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '../trpc/context';
import type { AppRouter } from '../trpc/router';

/** A page of the web app's page table, as the server routes and caches it. */
export interface PageInfo {
  path: string;
  /**
   * The procedures its own queries call (`revenue.summary`): a page reading some, and public reads
   * only, is the same for every anonymous visitor (trpc/procedures.ts, `sharedPageTables`).
   */
  reads: readonly string[];
  /** The procedures the queries of every page call (`auth.me`, `settings.site`). */
  everyPageReads: readonly string[];
  /** The query parameters a shared copy depends on: its cache key and render URL hold these alone. */
  query?: readonly string[] | undefined;
}

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin, for canonical and Open Graph URLs. */
  origin: string;
  /** The router and the request's context: the page's queries are answered in-process. */
  trpc: { router: AppRouter; ctx: Context };
}

export interface RenderedPage {
  status: number;
  /** Tags for <head>: title, description, canonical, Open Graph, Twitter. */
  head: string;
  /** The rendered app, for inside #root. */
  html: string;
  /** The query cache as JSON, for the browser to hydrate from. */
  state: string;
}

/** The page lives elsewhere (a milestone's canonical address), or its guard sends the visitor away. */
export interface PageRedirect {
  status: 301 | 302;
  location: string;
}

/**
 * The web app's server entry (apps/web/src/entry-server.tsx), as built into dist/server: its page table
 * and its renderer, which answers the page's queries in-process with the router and context given.
 * Declared here, and implemented there, so the API never depends on the web app's code.
 */
export interface SsrModule {
  /** Every page but the not-found one. */
  pages: readonly PageInfo[];
  /** The page at a path, or null where the not-found page answers. */
  pageAt(pathname: string): PageInfo | null;
  render(input: RenderInput): Promise<RenderedPage | PageRedirect>;
  /** The inline scripts the renderer itself writes into pages (React's form-replay runtime). */
  inlineScripts: readonly string[];
}

export interface WebBuild {
  /** dist/client: index.html and the hashed assets. */
  clientDir: string;
  template: string;
  ssr: SsrModule;
}

/** Loads the built web app, or null when there is none (tests, `pnpm dev`). */
export async function loadWebBuild(distDir: string): Promise<WebBuild | null> {
  const clientDir = path.join(distDir, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  if (!existsSync(templateFile) || !existsSync(serverEntry)) return null;
  const ssr = (await import(pathToFileURL(serverEntry).href)) as SsrModule;
  return { clientDir, template: readFileSync(templateFile, 'utf8'), ssr };
}

/**
 * The page: the template with the rendered head, app and state written in. Each part is given by a
 * function, so a `$$` or `$&` in it (React's form-replay script, an owner's text) is written as it is,
 * not read as a replacement pattern.
 */
export function fillTemplate(template: string, parts: { head: string; html: string; state: string }): string {
  const state = parts.state ? `<script type="application/json" id="app-state">${parts.state}</script>` : '';
  return template
    .replace('<!--app-head-->', () => parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-state-->', () => state);
}

const sha256Source = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** CSP sources for every inline script a page may hold: the template's and the renderer's own. */
export function pageScriptHashes(web: WebBuild): string[] {
  return [...inlineScriptHashes(web.template), ...web.ssr.inlineScripts.map(sha256Source)];
}

/**
 * CSP sources (`'sha256-…'`) for the template's inline scripts (the colour-scheme script that must run
 * before the first paint), so they run under `script-src 'self'` while no injected script could.
 * JSON data blocks are not scripts the browser runs and need none.
 */
export function inlineScriptHashes(template: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of template.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=|type="application\/json"/.test(attributes)) continue;
    hashes.push(sha256Source(body));
  }
  return hashes;
}
