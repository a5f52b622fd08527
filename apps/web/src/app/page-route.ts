import type { InferDataFromTag, QueryKey, SkipToken } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { PageMeta } from '../lib/head';
import type { PageTrpc } from '../lib/page-trpc';
import type { SiteInfo } from '../lib/site-context';

/** Query options as tRPC's `queryOptions` makes them, their key tagged with the type of their data. */
export interface PageQuery {
  queryKey: QueryKey;
  // Any query function: what it is called with is the query client's business, not the table's.
  queryFn?: ((context: never) => unknown) | SkipToken;
}

type DataOf<TQueries extends Record<string, PageQuery>> = {
  [K in keyof TQueries]: InferDataFromTag<unknown, TQueries[K]['queryKey']>;
};

/** A page fetched when first visited: its source file, as Vite's build manifest names it, links its assets. */
export interface CodeSplitPage {
  source: string;
  load: () => Promise<unknown>;
}

/** What one page is: its address, component, guard, head and the queries it renders from. */
export interface PageRouteDefinition<TParams, TQueries extends Record<string, PageQuery>> {
  /** A react-router pattern; Fastify reads the same syntax. `*` is the not-found page. */
  path: string;
  component: ComponentType | LazyExoticComponent<ComponentType>;
  codeSplit?: CodeSplitPage;
  /** The route's parameters as the page reads them; null when they name no page (then a 404). */
  params?: (raw: Record<string, string | undefined>) => TParams | null;
  /** Who may see the page, and where the others go (on the server, so it works without JavaScript). */
  guard?: { visitors: 'signed-in' | 'signed-out'; redirect: string };
  /**
   * The query parameters the shared copy of a page depends on (none so far): the server
   * keeps one copy per path and these, and renders it from them alone, so `?utm_source=…` or a
   * cache-buster is the page already kept (docs/decisions/057-render-limits-and-http-hardening.md).
   */
  query?: readonly string[];
  /**
   * The queries the server answers before rendering, so the HTML holds their data. A page whose
   * queries are all public reads is the same for every anonymous visitor: the API keeps its HTML until
   * a write to what they read (their procedures' `meta`, docs/decisions/061-one-caching-seam.md).
   */
  queries?: (trpc: PageTrpc, params: TParams) => TQueries;
  /** Where the page lives when it was reached at another address (a milestone's old slug). */
  canonicalPath?: (data: DataOf<TQueries>) => string | null;
  /** The page's <head>: a title, or its own description and sharing card (and then it is indexable). */
  head:
    | { title: (site: SiteInfo) => string; indexable?: true }
    | { meta: (data: DataOf<TQueries>, site: SiteInfo, origin: string) => PageMeta | null };
}

/** A route of the table, its types erased so that routes of different shapes share one array. */
export type PageRoute = PageRouteDefinition<unknown, Record<string, PageQuery>>;

/** Checks one entry of the table against its own parameters and queries. */
export function definePage<
  TParams = Record<string, string | undefined>,
  TQueries extends Record<string, PageQuery> = Record<never, PageQuery>,
>(route: PageRouteDefinition<TParams, TQueries>): PageRoute {
  return route as unknown as PageRoute;
}
