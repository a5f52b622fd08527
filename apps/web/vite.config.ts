import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { mantineCssLayers } from './vite-plugins/mantine-css-layers';

/**
 * The server writes each page's head tags (title, sharing tags, and the stylesheets of a code-split
 * page) at `<!--app-head-->`. Vite adds the entry's script and stylesheet at the end of <head>; the
 * placeholder moves after them, so a page's own CSS cascades after the shared CSS, as it does when
 * the page is reached by client-side navigation.
 */
function pageHeadLast(): Plugin {
  return {
    name: 'journey-page-head-last',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/\s*<!--app-head-->/, '').replace('</head>', '  <!--app-head-->\n  </head>'),
    },
  };
}

/**
 * The entry's stylesheet is written into index.html as a <style> element: a linked one blocks the first
 * paint for a request of its own, a round trip on a phone's network (docs/decisions/047-landing-page-weight.md).
 * The CSP allows inline styles already (Mantine writes its own); the file stays in the build too.
 * A disabled <link> to the file stays beside it, never fetched: Vite's loader of code-split modules
 * looks for the <link>s in the page, and without one it linked the entry's stylesheet again, last,
 * where it overrode every stylesheet before it (docs/decisions/053-mantine-css-in-ordered-layers.md).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'journey-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = bundle?.[file];
          if (asset?.type !== 'asset') return link;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          const style = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          return `${style}\n    <link rel="stylesheet" href="/${file}" disabled />`;
        }),
    },
  };
}

/**
 * Runs in the page: requests the entry module (and, alongside it, the modules it imports) once the
 * first contentful paint is reported, so the server's HTML paints without sharing the network and the
 * main thread with the app that hydrates it (docs/decisions/051-start-the-app-after-the-first-paint.md).
 * A page with nothing to paint, a hidden tab, or a browser without paint timing starts at once; a
 * second is the longest it waits.
 */
function loadEntryAfterFirstPaint(entry: string, modules: string[]) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  const painted = (list: PerformanceObserverEntryList) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start, 0);
  };
  try {
    new PerformanceObserver(painted).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.hasChildNodes()) start();
  setTimeout(start, 1000);
}

/**
 * Replaces the entry's <script type="module"> and its module preloads in index.html with an inline
 * script that adds them after the first paint (loadEntryAfterFirstPaint). The server allows the inline
 * script by its hash, as it does the colour-scheme one.
 */
function startAppAfterPaint(): Plugin {
  return {
    name: 'journey-start-app-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const modules: string[] = [];
        let entry: string | undefined;
        const rest = html
          .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
            modules.push(href);
            return '';
          })
          .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
            entry = src;
            return '';
          });
        if (entry === undefined) throw new Error('index.html has no entry <script type="module">');
        const call = `(${loadEntryAfterFirstPaint.toString()})(${JSON.stringify(entry)}, ${JSON.stringify(modules)});`;
        return rest.replace('</body>', `  <script>${call}</script>\n  </body>`);
      },
    },
  };
}

/**
 * A CSS module imported only for its stylesheet (features/landing/section-styles.ts) is kept where it
 * is imported: Vite takes CSS modules for free of side effects, so such an import would be dropped and
 * the stylesheet would follow the code that reads its class names into a later chunk.
 */
function keepStylesheetImports(importer: RegExp): Plugin[] {
  const kept = new Set<string>();
  return [
    {
      name: 'journey-keep-stylesheet-imports:resolve',
      apply: 'build',
      enforce: 'pre',
      async resolveId(source, from, options) {
        if (!from || !importer.test(from)) return null;
        const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
        if (resolved) kept.add(resolved.id);
        return resolved;
      },
    },
    {
      name: 'journey-keep-stylesheet-imports:transform',
      apply: 'build',
      enforce: 'post',
      transform: (code, id) => (kept.has(id) ? { code, moduleSideEffects: 'no-treeshake' } : null),
    },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    mantineCssLayers(),
    pageHeadLast(),
    inlineEntryStylesheet(),
    startAppAfterPaint(),
    keepStylesheetImports(/\/src\/features\/landing\/section-styles\.ts$/),
    // Brotli (quality 11) and gzip (level 9) copies beside every script, stylesheet and SVG of the client
    // build, public/ included, for the server to send as they are (@fastify/static's preCompressed).
    !isSsrBuild && compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/ }),
  ],
  define: {
    'import.meta.env.VITE_SITE_PRODUCT_NAME': JSON.stringify(process.env.SITE_PRODUCT_NAME || 'Unicorn'),
  },
  // The server build bundles its dependencies too: tree-shaken, so the server never loads all of
  // @tabler/icons-react (~90 MB, 0.7 s) or Mantine, and the workspace's TypeScript sources come along.
  // `pnpm dev` (apps/api http/web-dev.ts) loads them from node_modules as they are.
  ssr: { noExternal: command === 'build' ? true : ['@journey/contracts', '@journey/markdown'] },
  build: {
    // The client's maps are written for the bundle budget test and for reading a reported stack trace,
    // but not linked from the scripts: the image leaves them out (docs/decisions/059-a-lean-image-proved-in-ci.md).
    sourcemap: isSsrBuild ? true : 'hidden',
    // dist/client/.vite/manifest.json: the server links a code-split page's files from it
    // (entry-server.tsx), and the bundle budget test finds which chunk holds which page.
    manifest: !isSsrBuild,
    // Every browser the build targets supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries in long-cached chunks of their own. Left alone, Rolldown spreads them over several
          // chunks shared with the code-split pages, which compress worse.
          groups: [
            // React alone: the landing page hydrates without the rest (docs/decisions/047-landing-page-weight.md).
            { name: 'framework', test: /\/node_modules\/(react|react-dom|scheduler)\// },
            // The query cache and tRPC: the app's pages, and the landing page's sections once needed.
            { name: 'data', test: /\/node_modules\/(@tanstack\/[^/]+|@trpc\/[^/]+)\// },
            { name: 'router', test: /\/node_modules\/(react-router|react-router-dom)\// },
            // Everything else the entry imports statically (Mantine, the landing page): one chunk too.
            // Otherwise every module it shares with a code-split page (the milestone page, the chart's
            // section, the colour-scheme toggle) becomes a chunk of its own, a dozen small files that
            // compress worse than one.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
