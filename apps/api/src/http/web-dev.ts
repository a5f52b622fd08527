import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Connect } from 'vite';
import type { PageInfo, SsrModule, WebBuild } from './ssr-module';

/** The web app served from its sources under `pnpm dev`, rendered as the build is. */
export interface WebDev extends WebBuild {
  /** Vite's own routes: the modules, their updates, and public/. */
  middlewares: Connect.Server;
}

const SERVER_ENTRY = '/src/entry-server.tsx';

/**
 * `pnpm dev`: Vite in middleware mode inside this server, so every page is rendered on the server as in
 * production (docs/decisions/063-one-render-path-and-hydration.md). Each render loads the server entry
 * afresh (`ssrLoadModule`, which follows the files Vite watches): an edit shows at the next request,
 * and in the open page through Vite's updates, on this server's own port. The page table is read once;
 * a new page needs a restart, as an API change does (tsx watch).
 */
export async function loadWebDev(webRoot: string, httpServer: Server): Promise<WebDev> {
  // Only `pnpm dev` loads Vite; production and the tests never do.
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  const entry = () => vite.ssrLoadModule(SERVER_ENTRY) as Promise<SsrModule>;
  const first = await entry();
  const template = await vite.transformIndexHtml('/', readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  // No page is kept in the public cache: its copy would outlive an edit of the page's code.
  const uncached = (page: PageInfo | null) => page && { ...page, publicTables: undefined };
  const ssr: SsrModule = {
    pages: first.pages.map(uncached).filter((page) => page !== null),
    pageAt: (pathname) => uncached(first.pageAt(pathname)),
    inlineScripts: first.inlineScripts,
    render: async (input) => {
      try {
        return await (await entry()).render(input);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
    },
  };
  return { clientDir: path.join(webRoot, 'public'), template, ssr, middlewares: vite.middlewares };
}
