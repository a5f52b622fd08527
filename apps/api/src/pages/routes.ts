import { DEFAULT_REVENUE_SERIES_RANGE, milestoneIdOf, milestonePath } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicOrigin } from '../plugins/origin';
import {
  isAnonymous,
  PUBLIC_TABLES,
  sendCached,
  type FreshResponse,
  type PublicCache,
  type PublicTable,
} from '../plugins/public-cache';
import type { AppCaller } from '../trpc/router';
import { fillTemplate, type WebBuild } from './ssr-module';

export const CLIENT_ROUTES = ['/', '/auth', '/admin'] as const;

/** A milestone's permalink, `/milestones/:id-:slug` (react-router and Fastify see one segment). */
const MILESTONE_PAGE_PREFIX = '/milestones/';
const MILESTONE_PAGE_ROUTE = `${MILESTONE_PAGE_PREFIX}:ref`;

/** The milestone id a page path names, or null for any other path. */
function milestonePageId(pathname: string): number | null {
  if (!pathname.startsWith(MILESTONE_PAGE_PREFIX)) return null;
  return milestoneIdOf(pathname.slice(MILESTONE_PAGE_PREFIX.length));
}

/**
 * A page path written in another case (`/Admin`, `/MILESTONES/3-x`): its lowercase form, where the page
 * lives; null for any other path. The router is case-sensitive but the web app's routes are not, so
 * without this `/Admin` would render the admin shell past the server's guard.
 */
export function lowercasePagePath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  if (lower === pathname) return null;
  const isPage = (CLIENT_ROUTES as readonly string[]).includes(lower) || milestonePageId(lower) !== null;
  return isPage ? lower : null;
}

/** The milestone's page data: the milestone and its neighbours, or null (the page then says 404). */
async function milestonePageData(caller: AppCaller, id: number) {
  try {
    return { id, detail: await caller.milestones.byId({ id }) };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') return { id, detail: null };
    throw error;
  }
}

/** What each page needs from the API, fetched with the visitor's own session. */
async function pageData(caller: AppCaller, pathname: string) {
  const me = await caller.auth.me();
  if (pathname === '/') {
    const [revenueSummary, revenueSeries, milestones, experiments] = await Promise.all([
      caller.revenue.summary(),
      caller.revenue.series({ range: DEFAULT_REVENUE_SERIES_RANGE }),
      caller.milestones.list(),
      caller.experiments.list(),
    ]);
    return { me, revenueSummary, revenueSeries, milestones, experiments };
  }
  if (pathname === '/auth') return { me, registrationStatus: await caller.auth.registrationStatus() };
  const milestoneId = milestonePageId(pathname);
  if (milestoneId !== null) return { me, milestonePage: await milestonePageData(caller, milestoneId) };
  return { me };
}

type PageData = Awaited<ReturnType<typeof pageData>>;

/** Where a page with a non-canonical address lives (a milestone reached by an old or wrong slug). */
function canonicalRedirect(pathname: string, data: PageData): string | null {
  const detail = 'milestonePage' in data ? data.milestonePage?.detail : null;
  if (!detail) return null;
  const canonical = milestonePath(detail.milestone);
  return pathname === canonical ? null : canonical;
}

/** Pages every anonymous visitor sees alike: rendered once per data version and origin. */
const isSharedPage = (pathname: string) => pathname === '/' || milestonePageId(pathname) !== null;

/** What a shared page is built from: a milestone page shows its milestone and neighbours only. */
const pageTables = (pathname: string): readonly PublicTable[] =>
  milestonePageId(pathname) === null ? PUBLIC_TABLES : ['milestones'];

/**
 * Server-rendered pages: the HTML already holds the page and its data (SPEC pages work without
 * JavaScript); the browser hydrates from the embedded query state without fetching again.
 */
export function createPageRenderer(options: {
  config: Config;
  web: WebBuild;
  callerFor: (request: FastifyRequest, reply: FastifyReply) => AppCaller;
  publicCache: PublicCache;
}) {
  const { config, web } = options;
  const site = { productName: config.productName };

  const originOf = (request: FastifyRequest) => publicOrigin(config, request);

  const render = async (request: FastifyRequest, data: PageData): Promise<FreshResponse> => {
    const page = await web.ssr.render({ url: request.url, origin: originOf(request), site, data });
    const body = Buffer.from(fillTemplate(web.template, page));
    return { status: page.status, contentType: 'text/html; charset=utf-8', body };
  };

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const pathname = url.split('?', 1)[0] ?? '/';
    const lowercase = lowercasePagePath(pathname);
    if (lowercase !== null) return reply.redirect(lowercase + url.slice(pathname.length), 301);
    try {
      // Every anonymous visitor of the landing page or of a milestone page gets the same HTML: render
      // it once per data version. Query strings would only multiply the copies: those pages are rendered
      // per request.
      if (url === pathname && isSharedPage(pathname) && isAnonymous(request)) {
        // The page names its origin (canonical and sharing links): one copy per origin.
        const key = `page ${originOf(request)}${pathname}`;
        const cached = await options.publicCache.get(
          key,
          async () => {
            const data = await pageData(options.callerFor(request, reply), pathname);
            const redirect = canonicalRedirect(pathname, data);
            // Not a 200, so never kept: the redirect is found again (rare: old or hand-made links).
            if (redirect) return { status: 301, contentType: 'text/plain', body: Buffer.from(redirect) };
            return render(request, data);
          },
          pageTables(pathname),
        );
        if (cached.status === 301) return reply.redirect(cached.body.toString(), 301);
        return sendCached(reply.header('Vary', 'Cookie'), cached);
      }
      const data = await pageData(options.callerFor(request, reply), pathname);
      const redirect = canonicalRedirect(pathname, data);
      if (redirect) return reply.redirect(redirect + url.slice(pathname.length), 301);
      // The guard and /auth's redirect happen on the server too, so they work without JavaScript.
      if (pathname === '/admin' && !data.me) return reply.redirect('/auth', 302);
      if (pathname === '/auth' && data.me) return reply.redirect('/admin', 302);
      const page = await render(request, data);
      return reply
        .status(page.status)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Cookie')
        .type(page.contentType)
        .send(page.body);
    } catch (error) {
      // Degrade to the client-rendered app rather than a blank error page.
      const unavailable =
        isDatabaseUnavailable(error) || (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE');
      request.log.error({ err: error }, 'server rendering failed; sending the client-rendered shell');
      return reply
        .status(unavailable ? 503 : 500)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(fillTemplate(web.template, { head: '<title>Journey</title>', html: '', state: '' }));
    }
  };
}

export function registerPageRoutes(app: FastifyInstance, renderPage: ReturnType<typeof createPageRenderer>) {
  for (const url of [...CLIENT_ROUTES, MILESTONE_PAGE_ROUTE]) app.get(url, renderPage);
}
