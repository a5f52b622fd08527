import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The web app's server entry (apps/web/src/entry-server.tsx), as built into dist/server.
 * Declared here rather than imported, so the API never depends on the web app's code.
 */
export interface SsrModule {
  render(input: {
    url: string;
    origin: string;
    site: { productName: string };
    data: Record<string, unknown>;
  }): Promise<{ status: number; head: string; html: string; state: string }>;
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

/** The page: the template with the rendered head, app and state written in. */
export function fillTemplate(template: string, parts: { head: string; html: string; state: string }): string {
  return template
    .replace('<!--app-head-->', parts.head)
    .replace('<!--app-html-->', parts.html)
    .replace(
      '<!--app-state-->',
      parts.state ? `<script type="application/json" id="app-state">${parts.state}</script>` : '',
    );
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
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
