// Bundles the server and the workspace packages (TypeScript sources) into dist/main.js, then writes
// dist/pglite-template/: a migrated embedded database that a first start copies instead of
// running initdb. PGlite stays external: it loads its WebAssembly and data files from its own folder;
// so do resvg (a native binding) and satori (its layout WebAssembly), both loaded on first use.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { externalPackages } from './externals.mjs';

await build({
  // PGlite's thread is started from a file, which must sit beside the bundle (packages/db/src/pglite-server.ts).
  entryPoints: [
    'src/main.ts',
    'src/tools/write-pglite-template.ts',
    '../../packages/db/src/pglite-worker.js',
    // The Markdown render thread, started from a file beside the bundle (src/features/markdown/render-pool.ts).
    'src/features/markdown/render-worker.ts',
  ],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Vite is loaded only by `pnpm dev` (src/http/web-dev.ts), never by the built server.
  external: [...externalPackages.flatMap((name) => [name, `${name}/*`]), 'vite'],
  // Bundled CommonJS modules call require(); give them one in the ES module output.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

rmSync('dist/pglite-template', { recursive: true, force: true });
execFileSync(process.execPath, ['dist/write-pglite-template.js', 'dist/pglite-template'], {
  stdio: 'inherit',
});
