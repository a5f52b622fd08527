import type { ErrorBody } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicOrigin } from '../http/origin';
import type { FreshResponse, PublicCache } from '../http/public-cache';
import { RENDER_RETRY_AFTER_SECONDS, RenderBusyError, RenderLimiter } from '../http/render-limit';
import { isAnonymous, sendCached } from '../http/send-cached';
import type { Context } from '../trpc/context';
import { sharedPageTables } from '../trpc/procedures';
import { appRouter } from '../trpc/router';
import { fillTemplate, type PageRedirect, type RenderedPage, type WebBuild } from '../http/ssr-module';

/** A shared page differs for a signed-in visitor: caches keep the two apart. */
const SHARED_PAGE_HEADERS = { vary: 'Cookie' };

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
  limiter: RenderLimiter;
}) {
  const { config, web } = options;
  const originOf = (request: FastifyRequest) => publicOrigin(config, request);

  /** The page at `url` (path and query), as the visitor of `request` sees it. */
  const renderNow = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
  ): Promise<FreshResponse> => {
    const trpc = { router: appRouter, ctx: options.contextFor(request, reply) };
    const page = await web.ssr.render({ url, origin: originOf(request), trpc });
    // A redirect is not a 200, so the public cache never keeps it (rare: old or hand-made links).
    if (isRedirect(page))
      return { status: page.status, contentType: 'text/plain', body: Buffer.from(page.location) };
    const body = Buffer.from(fillTemplate(web.template, page));
    return { status: page.status, contentType: 'text/html; charset=utf-8', body };
  };

  /**
   * Renders wait their turn in the limiter (http/render-limit.ts), so a flood of them cannot starve
   * the cached readers; the signed-in admin's own pages do not queue behind a stranger's flood.
   */
  const render = (request: FastifyRequest, reply: FastifyReply, url: string) =>
    isAnonymous(request)
      ? options.limiter.run(() => renderNow(request, reply, url))
      : renderNow(request, reply, url);

  /**
   * A page path written in another case (`/Admin`, `/MILESTONES/3-x`) or with encoded letters
   * (`/%61dmin`): its one address, decoded then lowercase (and encoded as a URL again), where the page
   * lives; null for any other path. The router decodes and is case-sensitive, the web app's routes
   * match the decoded path in any case, so without this `/Admin` or `/%61dmin` would reach the admin
   * shell past the server's guard (docs/decisions/003-page-path-case.md).
   */
  const canonicalPagePath = (pathname: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const canonical = encodeURI(decoded.toLowerCase());
    return canonical !== pathname && web.ssr.pageAt(decoded.toLowerCase()) ? canonical : null;
  };

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const pathname = url.split('?', 1)[0] ?? '/';
    const canonical = canonicalPagePath(pathname);
    if (canonical !== null) return reply.redirect(canonical + url.slice(pathname.length), 301);
    try {
      // Every anonymous visitor of a shared page (the landing page, a milestone page) gets the same
      // HTML: render it once per data version, from its path and the query parameters it declares
      // alone, so no other parameter (a tracking tag, a cache-buster) makes a copy of its own.
      const page = web.ssr.pageAt(pathname);
      const tables = page && sharedPageTables(page);
      if (tables && isAnonymous(request)) {
        const sharedUrl = pathname + declaredQuery(url.slice(pathname.length), page?.query ?? []);
        // The page names its origin (canonical and sharing links): one copy per origin.
        const key = `page ${originOf(request)}${sharedUrl}`;
        const cached = await options.publicCache.get(key, () => render(request, reply, sharedUrl), tables);
        // A moved page (a milestone's old slug) keeps the whole query string it was asked with.
        if (cached.status === 301 || cached.status === 302) {
          const location = cached.body.toString().split('?', 1)[0] ?? '/';
          return reply.redirect(location + url.slice(pathname.length), cached.status);
        }
        return sendCached(request, reply, cached, SHARED_PAGE_HEADERS);
      }
      // The guard and /auth's redirect happen on the server too, so they work without JavaScript.
      const rendered = await render(request, reply, url);
      if (rendered.status === 301 || rendered.status === 302)
        return reply.redirect(rendered.body.toString(), rendered.status);
      return reply
        .status(rendered.status)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Cookie')
        .type(rendered.contentType)
        .send(rendered.body);
    } catch (error) {
      if (error instanceof RenderBusyError)
        return reply
          .status(503)
          .header('Retry-After', String(RENDER_RETRY_AFTER_SECONDS))
          .header('Cache-Control', 'no-store')
          .send({ message: error.message } satisfies ErrorBody);
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

/** `?a=1&b=2` narrowed to the `declared` parameters, in their declared order; '' when none is left. */
function declaredQuery(search: string, declared: readonly string[]): string {
  if (declared.length === 0 || search === '') return '';
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of declared) for (const value of given.getAll(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : '';
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
    limiter: new RenderLimiter(),
  });
  scope.notFoundPage.render = renderPage;
  registerPageRoutes(scope, scope.web, renderPage);
}
