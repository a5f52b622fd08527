import { databaseTestOptions } from '@journey/testing/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: databaseTestOptions('api') });
