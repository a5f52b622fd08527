import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageInfo, PageRedirect, RenderedPage, RenderInput, SsrModule } from '@journey/api';
import type { SiteInfo as PublicSiteInfo } from '@journey/contracts';
import { dehydrate, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Manifest } from 'vite';
import { pageAssetTags } from './app/page-assets';
import { headFor } from './app/page-head';
import { readsOf } from './app/page-reads';
import type { PageQuery, PageRoute } from './app/page-route';
import { RenderStatusProvider } from './lib/render-status';
import { landingAlone, Root } from './app/root';
import { RoutedApp } from './app/routed-app';
import { everyPageQueries, matchPage, pageRoutes } from './app/routes';
import type { SiteInfo } from './lib/site-context';
import { createQueryClient } from './lib/query-client';
import { serializeState } from './lib/ssr-state';
import { createTrpcClient } from './lib/trpc';

// What the API routes and caches each page by, made once per page (the API keeps facts per object).
const everyPageReads = readsOf(everyPageQueries);
const pageInfos = new WeakMap<PageRoute, PageInfo>();
function pageInfo(route: PageRoute): PageInfo {
  let info = pageInfos.get(route);
  if (!info) {
    const reads = route.queries ? readsOf((trpc) => route.queries?.(trpc, {})) : [];
    info = { path: route.path, reads, everyPageReads, query: route.query ?? [] };
    pageInfos.set(route, info);
  }
  return info;
}

/** Every page but the not-found one, for Fastify to register. */
export const pages: readonly PageInfo[] = pageRoutes.filter((route) => route.path !== '*').map(pageInfo);

/** The page at `pathname` (its parameters valid), or null when the not-found page answers there. */
export function pageAt(pathname: string): PageInfo | null {
  const { route } = matchPage(pathname);
  return route.path === '*' ? null : pageInfo(route);
}

/**
 * The scripts React writes into a page itself, for the CSP to allow by hash (apps/api
 * http/ssr-module.ts): its runtime that holds a form action's submit made before the form hydrates, for
 * React to replay (features/subscribers/newsletter-form.tsx). Read from a form rendered here, so a React
 * upgrade brings its own.
 */
export const inlineScripts: readonly string[] = [
  ...renderToString(<form action={() => undefined} />).matchAll(/<script>([\s\S]*?)<\/script>/g),
].map(([, script = '']) => script);

// The client build's manifest (build.manifest): which files hold a code-split page and its CSS.
// This file is dist/server/entry-server.js, beside dist/client.
const manifestFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../client/.vite/manifest.json',
);
let manifest: Manifest | undefined;
function clientManifest(): Manifest {
  manifest ??= existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  return manifest;
}

/**
 * The app's router, query cache and tRPC client (app/routed-app.tsx), fetched by every page but the
 * landing page (app/root.tsx): linked from the head, so it loads with the entry, its CSS from the
 * first paint.
 */
const APP_SOURCE = 'src/app/routed-app.tsx';

/** Answers every query of the page into the cache; a failure fails the render (the API degrades it). */
async function fetchQueries(queryClient: QueryClient, queries: Record<string, PageQuery>) {
  const entries = Object.entries(queries);
  const answers = await Promise.all(
    entries.map(([, query]) => queryClient.fetchQuery(query as FetchQueryOptions)),
  );
  return Object.fromEntries(entries.map(([name], index) => [name, answers[index]]));
}

function redirectFor(route: PageRoute, data: Record<string, unknown>, url: URL): PageRedirect | null {
  const canonical = route.canonicalPath?.(data);
  if (canonical && canonical !== url.pathname) return { status: 301, location: canonical + url.search };
  const signedIn = data.me !== null && data.me !== undefined;
  const { guard } = route;
  if (guard && (guard.visitors === 'signed-in') !== signedIn)
    return { status: 302, location: guard.redirect };
  return null;
}

/** Renders a page to HTML with every query its table entry names already answered in it. */
export async function render(input: RenderInput): Promise<RenderedPage | PageRedirect> {
  const url = new URL(input.url, input.origin);
  const { route, params } = matchPage(url.pathname);
  const queryClient = createQueryClient();
  const helpers = createServerSideHelpers({ ...input.trpc, queryClient });
  const data = await fetchQueries(queryClient, {
    ...everyPageQueries(helpers),
    ...route.queries?.(helpers, params),
  });
  const redirect = redirectFor(route, data, url);
  if (redirect) return redirect;

  // Never called while rendering: every query the page needs is in the cache already.
  const trpcClient = createTrpcClient('http://127.0.0.1');
  const publicSite = data.site as PublicSiteInfo;
  const site: SiteInfo = { ...publicSite, origin: input.origin };

  let status = 200;
  // The tree the browser hydrates (app/root.tsx, entry-client.tsx), with the server's clients.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderStatusProvider value={(code) => (status = code)}>
        <Root
          url={input.url}
          site={publicSite}
          origin={input.origin}
          clients={{ queryClient, trpcClient }}
          app={RoutedApp}
          serverLocation={input.url}
        />
      </RenderStatusProvider>
    </StrictMode>,
    // React moves a large Suspense boundary's content after the page, to be put in place by an inline
    // script, which the CSP does not run: keep every boundary where it is.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');

  const found = status === 200;
  const meta = found && 'meta' in route.head ? route.head.meta(data, site, input.origin) : null;
  const head = headFor({ pathname: url.pathname, origin: input.origin, site, status, meta });
  const assets = landingAlone(input.url, publicSite)
    ? ''
    : pageAssetTags(
        clientManifest(),
        APP_SOURCE,
        ...(found && route.codeSplit ? [route.codeSplit.source] : []),
      );
  return {
    status,
    head: assets ? `${head}\n    ${assets}` : head,
    html,
    state: serializeState({ origin: input.origin, queries: dehydrate(queryClient) }),
  };
}

// The API loads this module as its SsrModule: the compiler holds it to that contract.
void ({ pages, pageAt, render, inlineScripts } satisfies SsrModule);
