import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** Relative paths are taken from where the command was started (npm and pnpm set INIT_CWD). */
const directory = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default(fallback)
    .transform((value) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value));

/** Every variable of DESIGN.md section 2 (and a few more), parsed once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(5000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/[^/]/.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  DATA_DIR: directory('./data'),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters',
    }),
  SITE_PRODUCT_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(40, 'must be at most 40 characters')
    .default('Unicorn'),
  ALLOW_REGISTRATION: booleanFlag,
  TRUST_PROXY: booleanFlag,
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/]+$/.test(value), {
      message: 'must be an origin such as https://example.com',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().trim().optional(),
});

/** The variables the server reads; docker-compose.yml must name no others. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  productName: string;
  allowRegistration: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** The public origin for canonical and Open Graph URLs; unset means the request's own. */
  publicUrl: string | undefined;
  /** The built web app; the server runs API-only when it is missing (tests, `pnpm dev`). */
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = result.data;
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: values.DATA_DIR,
    sessionSecret: values.SESSION_SECRET,
    productName: values.SITE_PRODUCT_NAME,
    allowRegistration: values.ALLOW_REGISTRATION,
    trustProxy: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    publicUrl: values.PUBLIC_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : defaultWebDist,
  };
}
