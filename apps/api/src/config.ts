import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUDIT_RETENTION_DAYS_DEFAULT,
  UNCONFIRMED_SUBSCRIBER_DAYS_DEFAULT,
  SETTINGS_LIMITS,
  SIGNUP_RATE_LIMIT,
  type ConnectionProvider,
} from '@journey/contracts/constants';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside IPs and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which `X-Forwarded-*` entries to believe: none (`false`, the default), the last N hops (a number;
 * `true` means exactly one, the usual single reverse proxy), or those added by the listed proxies.
 * Believing every hop would let a client pick its own address by writing the header itself.
 */
const trustProxyValue = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): TrustProxy => {
    if (['', 'false', '0'].includes(value)) return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be true, false, a number of proxy hops (at most 10), or comma-separated proxy IPs or CIDRs',
    });
    return z.NEVER;
  });

/** Relative paths are taken from where the command was started (npm and pnpm set INIT_CWD). */
const directory = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default(fallback)
    .transform((value) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value));

/** Every variable of docs/operations.md#configuration (and a few more), parsed once at start. */
/**
 * Where a payment provider's client connects instead of the provider's own host: a bare origin such as
 * http://127.0.0.1:12111 (a proxy, or the tests' stand-in); the client adds its own paths.
 */
const apiBase = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
  .refine((value) => value === undefined || /^https?:\/\/[^/]+$/.test(value), {
    message: 'must be an origin such as http://127.0.0.1:12111, without a path',
  });

/** The ECB's whole history of reference rates, a zipped CSV updated each business day around 16:00 CET. */
export const ECB_HISTORY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip';

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
  /**
   * Secrets SESSION_SECRET had before, comma-separated: provider keys sealed under one of them still
   * open, and are sealed again under the current one at start (docs/decisions/077-provider-connections.md).
   */
  PREVIOUS_SESSION_SECRETS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((secret) => secret.trim())
        .filter(Boolean),
    ),
  STRIPE_API_BASE: apiBase,
  LEMONSQUEEZY_API_BASE: apiBase,
  PADDLE_API_BASE: apiBase,
  POLAR_API_BASE: apiBase,
  /**
   * Where the ECB's reference rates are fetched daily, its zipped CSV by default; `off` fetches nothing
   * (docs/decisions/078-exchange-rates.md).
   */
  ECB_RATES_URL: z
    .string()
    .trim()
    .default(ECB_HISTORY_URL)
    .refine((value) => value === 'off' || /^https?:\/\/\S+$/.test(value), {
      message: 'must be an http(s) URL, or off',
    })
    .transform((value) => (value === 'off' ? null : value)),
  SYNC_CLAIM_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(2, 'must be at least 2')
    .max(3600, 'must be at most 3600')
    .default(300),
  /** Only seeds a new database's settings (docs/decisions/037-owner-settings.md): their rules apply. */
  SITE_PRODUCT_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(SETTINGS_LIMITS.productName.max, `must be at most ${SETTINGS_LIMITS.productName.max} characters`)
    .refine((value) => !/[\r\n]/.test(value) && !value.includes('\u0000'), 'must be a single line of text')
    .default('Unicorn'),
  ALLOW_REGISTRATION: booleanFlag,
  TRUST_PROXY: trustProxyValue,
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/]+$/.test(value), {
      message: 'must be an origin such as https://example.com',
    }),
  /** docs/operations.md#mail: without it, mail goes to the admin's outbox and nothing leaves the machine. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@smtp.example.com:587',
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine(
      (value) =>
        value === undefined || /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(value),
      {
        message: 'must be an address, or a name and an address: "Site name <news@example.com>"',
      },
    ),
  /** Per process; 0: no limit (docs/decisions/090-sending-at-list-scale.md). */
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .max(100_000, 'must be at most 100000')
    .default(60),
  /** Per process and destination domain; 0: no limit (docs/decisions/090-sending-at-list-scale.md). */
  MAIL_RATE_PER_DOMAIN_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no limit) or more')
    .max(100_000, 'must be at most 100000')
    .default(600),
  /** SMTP connections a process keeps open and sends over at once (docs/decisions/090-sending-at-list-scale.md). */
  MAIL_SMTP_CONNECTIONS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(32, 'must be at most 32')
    .default(4),
  MAIL_CLAIM_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(2, 'must be at least 2')
    .max(3600, 'must be at most 3600')
    .default(120),
  /** Newsletter sign-ups one IP address may make per 15 minutes (docs/decisions/040-newsletter-delivery.md). */
  SIGNUP_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(SIGNUP_RATE_LIMIT.perIp),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The log lines are appended to this file (made with its folder if missing) instead of stdout. */
  LOG_FILE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? path.resolve(process.env.INIT_CWD ?? process.cwd(), value) : undefined)),
  /**
   * A MaxMind database file (.mmdb, GeoLite2 or GeoIP2 City or Country): the owner's session list shows
   * roughly where each session was last used. Unset, no place is shown and none is looked up
   * (docs/decisions/085-owner-sessions.md).
   */
  GEOIP_DATABASE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? path.resolve(process.env.INIT_CWD ?? process.cwd(), value) : undefined)),
  /** How many days the audit trail keeps a row (docs/decisions/088-audit-trail.md). */
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500')
    .default(AUDIT_RETENTION_DAYS_DEFAULT),
  /** Days a sign-up may stay unconfirmed before it is erased (docs/decisions/094-list-hygiene.md). */
  UNCONFIRMED_SUBSCRIBER_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(3_650, 'must be at most 3650')
    .default(UNCONFIRMED_SUBSCRIBER_DAYS_DEFAULT),
  WEB_DIST_DIR: z.string().trim().optional(),
  /** `pnpm dev`: render and serve the web app from its sources through Vite (http/web-dev.ts). */
  WEB_DEV: booleanFlag,
  /**
   * Outgoing webhooks may reach loopback, private and reserved addresses (tests, internal tools);
   * off, such endpoints are refused (docs/decisions/091-outgoing-webhooks.md).
   */
  WEBHOOKS_ALLOW_PRIVATE: booleanFlag,
});

/** The variables the server reads; docker-compose.yml must name no others. */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/** Fastify's `trustProxy`: false, a number of hops, or the trusted proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  /** SITE_PRODUCT_NAME: the product name a new database's settings start with, and nothing else. */
  productName: string;
  allowRegistration: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** LOG_FILE: where the log lines are appended; undefined means stdout. */
  logFile: string | undefined;
  /** GEOIP_DATABASE: the MaxMind database places are looked up in; undefined means no places. */
  geoipDatabase: string | undefined;
  /** AUDIT_RETENTION_DAYS: rows of the audit trail older than this are purged daily. */
  auditRetentionDays: number;
  /** UNCONFIRMED_SUBSCRIBER_DAYS: pending sign-ups older than this are erased daily. */
  unconfirmedSubscriberDays: number;
  /** The public origin for canonical and Open Graph URLs; unset means the request's own. */
  publicUrl: string | undefined;
  /** The built web app; the server runs API-only when it is missing (tests, `pnpm dev`). */
  webDistDir: string;
  /** WEB_DEV: the web app from its sources (`pnpm dev`) instead of its build. */
  webDev: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE: webhook endpoints on loopback and private addresses are allowed. */
  webhooksAllowPrivate: boolean;
  mail: MailConfig;
  connections: ConnectionsConfig;
}

/** docs/decisions/077-provider-connections.md */
export interface ConnectionsConfig {
  /** PREVIOUS_SESSION_SECRETS: keys sealed under these still open, and are sealed again. */
  previousSecrets: string[];
  /** *_API_BASE: where each provider's client connects; undefined means the provider's own host. */
  apiBases: Record<ConnectionProvider, string | undefined>;
  /** SYNC_CLAIM_TIMEOUT_SECONDS, in milliseconds: a run this long without progress is taken over. */
  claimTimeoutMs: number;
  /** ECB_RATES_URL; null fetches no rates (docs/decisions/078-exchange-rates.md). */
  ecbRatesUrl: string | null;
}

/** docs/decisions/040-newsletter-delivery.md */
export interface MailConfig {
  /** SMTP_URL; undefined means the outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM; without SMTP, the site's name at a local address. */
  from: string | undefined;
  /** Messages a worker sends per minute, at most; 0: no limit. */
  ratePerMinute: number;
  /** Messages a worker sends to one domain per minute, at most; 0: no limit. */
  ratePerDomainPerMinute: number;
  /** SMTP connections, and so messages in flight, per process. */
  smtpConnections: number;
  /** How long a claimed message may stay unsent before another worker takes it over. */
  claimTimeoutMs: number;
  /** SIGNUP_LIMIT_PER_IP: newsletter sign-ups per IP address per 15 minutes. */
  signupsPerIp: number;
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
  if (values.SMTP_URL && (!values.PUBLIC_URL || !values.MAIL_FROM)) {
    const missing = [!values.PUBLIC_URL && 'PUBLIC_URL', !values.MAIL_FROM && 'MAIL_FROM'].filter(Boolean);
    throw new ConfigError(
      `Invalid configuration:\n${missing
        .map((name) => `  ${name}: is required when SMTP_URL is set (the links and sender of every mail)`)
        .join('\n')}`,
    );
  }
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
    logFile: values.LOG_FILE,
    geoipDatabase: values.GEOIP_DATABASE,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
    unconfirmedSubscriberDays: values.UNCONFIRMED_SUBSCRIBER_DAYS,
    publicUrl: values.PUBLIC_URL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : defaultWebDist,
    webDev: values.WEB_DEV,
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      ratePerMinute: values.MAIL_RATE_PER_MINUTE,
      ratePerDomainPerMinute: values.MAIL_RATE_PER_DOMAIN_PER_MINUTE,
      smtpConnections: values.MAIL_SMTP_CONNECTIONS,
      claimTimeoutMs: values.MAIL_CLAIM_TIMEOUT_SECONDS * 1000,
      signupsPerIp: values.SIGNUP_LIMIT_PER_IP,
    },
    connections: {
      previousSecrets: values.PREVIOUS_SESSION_SECRETS,
      apiBases: {
        stripe: values.STRIPE_API_BASE,
        lemonsqueezy: values.LEMONSQUEEZY_API_BASE,
        paddle: values.PADDLE_API_BASE,
        polar: values.POLAR_API_BASE,
      },
      claimTimeoutMs: values.SYNC_CLAIM_TIMEOUT_SECONDS * 1000,
      ecbRatesUrl: values.ECB_RATES_URL,
    },
  };
}
