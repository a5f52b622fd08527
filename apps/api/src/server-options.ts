import Fastify, { type FastifyReply } from 'fastify';
import type { pino } from 'pino';
import type { Config, TrustProxy } from './config';
import { describeError, MAX_PARAM_LENGTH } from './plugins/app/errors';
import { logDestination, loggingOptions } from './plugins/app/logging';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ConnectionTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way (a client that stopped reading an answer). */
  idleTimeoutMs: number;
  /** How often Node checks the header and request timeouts (its default, 30 s, would let them overrun). */
  checkEveryMs: number;
}

/**
 * Requests here are small (JSON of at most 1 MiB, which even a slow phone sends in well under 30 s) and
 * nothing streams in: a client trickling its headers or body is cut off with a 408. Kept-alive
 * connections idle out after Node's usual 5 s (a proxy pooling connections must idle them out sooner).
 */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  checkEveryMs: 1_000,
};

/** What the Fastify instance itself is built with; the rest of the server is its plugins. */
export interface InstanceOptions {
  logger?: boolean;
  /** Where the JSON log lines go instead of LOG_FILE or stdout (tests read them). */
  logStream?: pino.DestinationStream;
  /** Connection timeouts; CONNECTION_TIMEOUTS unless a test shortens them. */
  timeouts?: ConnectionTimeouts;
}

function timeoutOptions(timeouts: ConnectionTimeouts) {
  return {
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
  };
}

/**
 * Fastify's `trustProxy`. A hop count is a function: Fastify 5 trusts nothing for a bare number (it
 * cannot tell a proxy from a direct client), and hops are meant for an app only its proxies can reach.
 */
function trustProxyOption(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** The bare Fastify instance: logs, limits, timeouts and proxies, before any plugin. */
export function createInstance(config: Config, options: InstanceOptions) {
  // `pnpm dev` shows each line at once; elsewhere lines are written a few KB at a time.
  const stream =
    options.logStream ?? logDestination({ file: config.logFile, buffered: config.env !== 'development' });
  const logging = loggingOptions(config.logLevel, stream);
  return Fastify({
    ...logging,
    logger: options.logger === false ? false : logging.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Stages open the database, load the web app's server bundle and start listening for changes in
    // plugins: a slow one (a cold PGlite, a busy machine) is waited for, not failed after avvio's 10 s.
    pluginTimeout: 0,
    ...timeoutOptions(options.timeouts ?? CONNECTION_TIMEOUTS),
    trustProxy: trustProxyOption(config.trustProxy),
    // tRPC batches name every procedure in one path segment.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // While closing, a request already on an open connection is answered (with `Connection: close`)
    // rather than refused with Fastify's own 503 body: new connections are refused anyway.
    return503OnClosing: false,
    // Errors raised while routing (a path parameter over that length, a broken URL) get the one body too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, body } = describeError(error);
      // Fastify expects no return here; the reply is a thenable that settles once sent, which nothing
      // needs to wait for.
      void reply.status(status).type('application/json; charset=utf-8').send(body);
    },
  });
}
