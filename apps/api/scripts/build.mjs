// Bundles the server and the workspace packages (TypeScript sources) into dist/main.js.
// PGlite stays external: it loads its WebAssembly and data files from its own package folder.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*'],
  // Bundled CommonJS modules call require(); give them one in the ES module output.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
