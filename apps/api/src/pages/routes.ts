import { DEFAULT_REVENUE_SERIES_RANGE } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicOrigin } from '../plugins/origin';
import { isAnonymous, sendCached, type FreshResponse, type PublicCache } from '../plugins/public-cache';
import type { AppCaller } from '../trpc/router';
import { fillTemplate, type WebBuild } from './ssr-module';

export const CLIENT_ROUTES = ['/', '/auth', '/admin'] as const;

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
  return { me };
}

type PageData = Awaited<ReturnType<typeof pageData>>;

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
    try {
      // Every anonymous visitor of the landing page gets the same HTML: render it once per data version.
      if (url === '/' && isAnonymous(request)) {
        // The page names its origin (canonical and sharing links): one copy per origin.
        const key = `page ${originOf(request)}/`;
        const cached = await options.publicCache.get(key, async () =>
          render(request, await pageData(options.callerFor(request, reply), pathname)),
        );
        return sendCached(reply.header('Vary', 'Cookie'), cached);
      }
      const data = await pageData(options.callerFor(request, reply), pathname);
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
  for (const url of CLIENT_ROUTES) app.get(url, renderPage);
}
