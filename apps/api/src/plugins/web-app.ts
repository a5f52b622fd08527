import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Routes the web app renders; any other page path gets the shell with a 404 status. */
export const CLIENT_ROUTES = ['/', '/auth', '/admin'] as const;

export interface WebApp {
  /** The app shell with the site's product name written in. */
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** Serves the built web app when there is one; hashed assets are cached for a year. */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; productName: string },
): Promise<WebApp | null> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { distDir: options.distDir },
      'no built web app found: serving the API only (run `pnpm build`)',
    );
    return null;
  }
  const html = readFileSync(indexFile, 'utf8').replace(
    '__SITE_PRODUCT_NAME__',
    escapeHtml(options.productName),
  );
  const assetsDir = path.join(options.distDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'Cache-Control',
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  for (const url of CLIENT_ROUTES) {
    app.get(url, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
  }
  return { html };
}
