import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

export function databaseDriver(): 'postgres' | 'pglite';
export function testOptions(report: string, options?: TestOptions): TestOptions;
export function databaseTestOptions(
  name: 'api' | 'api-slow' | 'db',
  options?: Pick<TestOptions, 'include' | 'exclude' | 'maxWorkers' | 'isolate'>,
): TestOptions;
