import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dehydrate } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { Manifest } from 'vite';
import { App } from './app/app';
import { headFor } from './app/head';
import { pageAssetTags } from './app/page-assets';
import { codeSplitPage } from './app/pages';
import { Providers } from './app/providers';
import { RenderStatusProvider } from './app/render-status';
import type { SiteInfo } from './app/site-context';
import { milestoneMeta } from './features/milestone-pages/milestone-head';
import { milestonePageKey } from './features/milestone-pages/milestone-page-key';
import { createQueryClient } from './lib/query-client';
import { serializeState, type PageData } from './lib/ssr-state';
import { createTrpcClient } from './lib/trpc';

export type { PageData } from './lib/ssr-state';

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  /** The site's public origin, for canonical and Open Graph URLs. */
  origin: string;
  site: SiteInfo;
  data: PageData;
}

export interface RenderResult {
  status: number;
  /** Tags for <head>: title, description, canonical, Open Graph, Twitter. */
  head: string;
  /** The rendered app, for inside #root. */
  html: string;
  /** The query cache as JSON, for the browser to hydrate from. */
  state: string;
}

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

/** Renders a page to HTML with every query the server answered already in it. */
export async function render(input: RenderInput): Promise<RenderResult> {
  const queryClient = createQueryClient();
  // Never called while rendering: every query the page needs is seeded below.
  const trpcClient = createTrpcClient('http://127.0.0.1');
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  const { data } = input;
  if (data.me !== undefined) utils.auth.me.setData(undefined, data.me);
  if (data.registrationStatus) utils.auth.registrationStatus.setData(undefined, data.registrationStatus);
  if (data.revenueSummary) utils.revenue.summary.setData(undefined, data.revenueSummary);
  if (data.revenueSeries)
    utils.revenue.series.setData({ range: data.revenueSeries.range }, data.revenueSeries);
  if (data.milestones) utils.milestones.list.setData(undefined, data.milestones);
  if (data.experiments) utils.experiments.list.setData(undefined, data.experiments);
  if (data.milestonePage)
    queryClient.setQueryData(milestonePageKey(data.milestonePage.id), data.milestonePage.detail);

  const site: SiteInfo = { ...input.site, origin: input.origin };

  let status = 200;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderStatusProvider value={(code) => (status = code)}>
        <Providers queryClient={queryClient} trpcClient={trpcClient} site={site}>
          <StaticRouter location={input.url}>
            <App />
          </StaticRouter>
        </Providers>
      </RenderStatusProvider>
    </StrictMode>,
    // React moves a large Suspense boundary's content after the page, to be put in place by an inline
    // script, which the CSP does not run: keep every boundary where it is.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude)
    html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');

  const pathname = new URL(input.url, input.origin).pathname;
  const page = status === 200 ? codeSplitPage(pathname) : undefined;
  const detail = data.milestonePage?.detail;
  const meta = status === 200 && detail ? milestoneMeta(detail, input.site, input.origin) : undefined;
  const head = headFor({ pathname, origin: input.origin, site: input.site, status, meta });
  return {
    status,
    head: page ? `${head}\n    ${pageAssetTags(clientManifest(), page.source)}` : head,
    html,
    state: serializeState({ site, queries: dehydrate(queryClient) }),
  };
}
