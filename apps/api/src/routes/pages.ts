import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicOrigin } from '../http/origin';
import type { FreshResponse, PublicCache } from '../http/public-cache';
import { isAnonymous, sendCached } from '../http/send-cached';
import type { Context } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { fillTemplate, type PageRedirect, type RenderedPage, type WebBuild } from '../http/ssr-module';

const isRedirect = (page: RenderedPage | PageRedirect): page is PageRedirect => 'location' in page;

/**
 * Server-rendered pages, one Fastify route per entry of the web app's page table: the HTML already
 * holds the page and its data (pages work without JavaScript: docs/decisions/020-server-rendering.md); the browser hydrates from the
 * embedded query state without fetching again. The page's queries, guard and canonical address are
 * the table's: the renderer answers them in-process with the visitor's own session.
 */
function createPageRenderer(options: {
  config: Config;
  web: WebBuild;
  contextFor: (request: FastifyRequest, reply: FastifyReply) => Context;
  publicCache: PublicCache;
}) {
  const { config, web } = options;
  const originOf = (request: FastifyRequest) => publicOrigin(config, request);

  const render = async (request: FastifyRequest, reply: FastifyReply): Promise<FreshResponse> => {
    const trpc = { router: appRouter, ctx: options.contextFor(request, reply) };
    const page = await web.ssr.render({ url: request.url, origin: originOf(request), trpc });
    // A redirect is not a 200, so the public cache never keeps it (rare: old or hand-made links).
    if (isRedirect(page))
      return { status: page.status, contentType: 'text/plain', body: Buffer.from(page.location) };
    const body = Buffer.from(fillTemplate(web.template, page));
    return { status: page.status, contentType: 'text/html; charset=utf-8', body };
  };

  /**
   * A page path written in another case (`/Admin`, `/MILESTONES/3-x`): its lowercase form, where the
   * page lives; null for any other path. The router is case-sensitive but the web app's routes are
   * not, so without this `/Admin` would render the admin shell past the server's guard.
   */
  const lowercasePagePath = (pathname: string): string | null => {
    const lower = pathname.toLowerCase();
    return lower !== pathname && web.ssr.pageAt(lower) ? lower : null;
  };

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const pathname = url.split('?', 1)[0] ?? '/';
    const lowercase = lowercasePagePath(pathname);
    if (lowercase !== null) return reply.redirect(lowercase + url.slice(pathname.length), 301);
    try {
      // Every anonymous visitor of a shared page (the landing page, a milestone page) gets the same
      // HTML: render it once per data version. Query strings would only multiply the copies: those
      // pages are rendered per request.
      const tables = web.ssr.pageAt(pathname)?.publicTables;
      if (tables && url === pathname && isAnonymous(request)) {
        // The page names its origin (canonical and sharing links): one copy per origin.
        const key = `page ${originOf(request)}${pathname}`;
        const cached = await options.publicCache.get(key, () => render(request, reply), tables);
        if (cached.status === 301 || cached.status === 302)
          return reply.redirect(cached.body.toString(), cached.status);
        return sendCached(reply.header('Vary', 'Cookie'), cached);
      }
      // The guard and /auth's redirect happen on the server too, so they work without JavaScript.
      const page = await render(request, reply);
      if (page.status === 301 || page.status === 302)
        return reply.redirect(page.body.toString(), page.status);
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

/** Registers every page of the web app's page table; the not-found page answers the rest. */
function registerPageRoutes(
  app: FastifyInstance,
  web: WebBuild,
  renderPage: ReturnType<typeof createPageRenderer>,
) {
  for (const page of web.ssr.pages) app.get(page.path, renderPage);
}

/** The pages of the web app's route table, rendered on the server; none without a web build. */
export default async function pages(scope: FastifyInstance) {
  if (!scope.web) return;
  const renderPage = createPageRenderer({
    config: scope.config,
    web: scope.web,
    contextFor: (request, reply) => scope.createTrpcContext({ req: request, res: reply }),
    publicCache: scope.publicCache,
  });
  scope.notFoundPage.render = renderPage;
  registerPageRoutes(scope, scope.web, renderPage);
}
