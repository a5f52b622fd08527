import { testOptions } from '@journey/testing/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: testOptions('markdown-unit') });
