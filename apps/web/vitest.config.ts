import { testOptions } from '@journey/testing/vitest';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: testOptions('web-unit', {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // Typing into jsdom forms takes seconds when the shared 2-core machine is busy: a hang, not slowness, should fail.
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  }),
});
