import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** `pnpm dev` serves the shell without server rendering: give it a title at least. */
function devHead(): Plugin {
  return {
    name: 'journey-dev-head',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(
        '<!--app-head-->',
        `<title>${process.env.SITE_PRODUCT_NAME || 'Unicorn'} Build Tracker (dev)</title>`,
      ),
  };
}

export default defineConfig({
  plugins: [react(), devHead()],
  define: {
    'import.meta.env.VITE_SITE_PRODUCT_NAME': JSON.stringify(process.env.SITE_PRODUCT_NAME || 'Unicorn'),
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/healthz': 'http://127.0.0.1:5000',
      '/readyz': 'http://127.0.0.1:5000',
    },
  },
  // The server build bundles its dependencies too: tree-shaken, so the server never loads all of
  // @tabler/icons-react (~90 MB, 0.7 s) or Mantine, and the workspace's TypeScript sources come along.
  ssr: { noExternal: true },
  build: { sourcemap: true },
});
