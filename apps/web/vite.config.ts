import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** In development the API is not serving index.html, so fill the product name here. */
function productNameInDev(): Plugin {
  return {
    name: 'journey-product-name',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace('__SITE_PRODUCT_NAME__', process.env.SITE_PRODUCT_NAME || 'Unicorn'),
  };
}

export default defineConfig({
  plugins: [react(), productNameInDev()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/healthz': 'http://127.0.0.1:5000',
      '/readyz': 'http://127.0.0.1:5000',
    },
  },
  build: { sourcemap: true },
});
