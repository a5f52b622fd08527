import fastifyCors from '@fastify/cors';
import { OPEN_DATA_PATHS, OPEN_DATA_PREFIX } from '@journey/contracts';
import type { FastifyInstance } from 'fastify';
import { publicSummary, revenueCsv } from '../features/open-data/data';
import { ledgerCsv, publicLedger } from '../features/open-data/ledger';
import type { PublicTable } from '../http/public-cache';
import { sendPublicFile } from '../http/public-file';
import { CACHED_ROUTE } from '../http/send-cached';
import { registerRestRoutes } from '../trpc/rest';

/** Where the open data lives; this plugin is registered under it, so CORS reaches nothing else. */
export { OPEN_DATA_PREFIX };

/** Readable from other origins, unlike the rest of the API. */
const OPEN_DATA_HEADERS = { 'cross-origin-resource-policy': 'cross-origin' };

/** Open data for anyone, CORS open for GET (errors included: the headers are set before anything runs). */
export default async function openData(app: FastifyInstance) {
  const { publicCache } = app;
  await app.register(fastifyCors, {
    origin: '*',
    methods: ['GET', 'HEAD', 'OPTIONS'],
    // A revalidating fetch sends If-None-Match, which is not on the CORS safe list.
    allowedHeaders: ['If-None-Match'],
    exposedHeaders: ['ETag'],
    maxAge: 86400,
    // An OPTIONS without the preflight headers gets the CORS answer too, as a browser's would.
    strictPreflight: false,
  });
  /** One open-data file at `path`, from the public cache, which writes to `tables` empty. */
  const publish = (
    path: string,
    type: 'json' | 'csv',
    tables: PublicTable[],
    produce: () => Promise<string>,
  ) =>
    app.get(path.slice(OPEN_DATA_PREFIX.length), CACHED_ROUTE, async (request, reply) =>
      sendPublicFile(request, reply, publicCache, {
        key: path,
        contentType: type === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
        headers: OPEN_DATA_HEADERS,
        tables,
        produce,
      }),
    );
  const json = (value: () => Promise<unknown>) => async () => JSON.stringify(await value());
  publish(
    OPEN_DATA_PATHS.summary,
    'json',
    ['revenues', 'milestones', 'settings'],
    json(() => publicSummary(app)),
  );
  publish(OPEN_DATA_PATHS.revenueCsv, 'csv', ['revenues', 'settings'], () => revenueCsv(app));
  // docs/decisions/043-correction-ledger.md: the ledger's writes notify as 'revenues' (migration 0007);
  // the owner's privacy decides which rows show their values (084-ledger-commitments.md).
  publish(
    OPEN_DATA_PATHS.ledger,
    'json',
    ['revenues', 'settings'],
    json(() => publicLedger(app)),
  );
  publish(OPEN_DATA_PATHS.ledgerCsv, 'csv', ['revenues', 'settings'], () => ledgerCsv(app));
  // The procedures whose REST path is under /public/: a JSON file and a tRPC read in one declaration.
  registerRestRoutes(app, { cached: true, openData: true, headers: OPEN_DATA_HEADERS });
}
