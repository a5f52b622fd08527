import { beforeAll, describe, it } from 'vitest';
import { call } from '../helpers';
import { assertNoHarm, PROPERTY_TIMEOUT_MS, RUNS, useFuzzServer, useFuzzStats } from './harness';
import { encodeId, HOSTILE_IDS, hostilePathId } from './requests';
import { EXPERIMENT_WRITES, MILESTONE_WRITES, REVENUE_WRITES } from './writes';

const fuzz = useFuzzServer();
const stats = useFuzzStats('Fuzzed path ids');

/** docs/decisions/015-input-rules.md, written out independently of the contracts: a positive 32-bit integer, plainly. */
const isPlainId = (segment: string) => {
  try {
    const id = decodeURIComponent(segment);
    return /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
  } catch {
    return false;
  }
};

/** Per route, besides the listed ids. */
const PATH_RUNS = Math.ceil(RUNS / 4);

const routes = [REVENUE_WRITES, MILESTONE_WRITES, EXPERIMENT_WRITES].flatMap((writes) =>
  writes.filter((w) => !w.trpc && w.path.includes('{id}')),
);

describe('path ids of admin updates and deletes', () => {
  beforeAll(async () => {
    // Rows with small ids exist, so an id that slips through as 1 would change one.
    for (const create of [REVENUE_WRITES, MILESTONE_WRITES, EXPERIMENT_WRITES].map((w) => w[0]!)) {
      for (let i = 0; i < 5; i++) await call(fuzz.server.app, 'POST', create.path, create.valid, fuzz.cookie);
    }
  });

  for (const route of routes) {
    it(
      `${route.label}: anything but a plain positive id is a 4xx that changes nothing`,
      () =>
        assertNoHarm(fuzz, {
          label: route.label,
          stats,
          trpc: false,
          arbitrary: hostilePathId,
          request: (id) => ({
            method: route.method,
            url: route.path.replace('{id}', id),
            cookie: fuzz.cookie,
            ...(route.method === 'PUT'
              ? { body: JSON.stringify(route.valid), contentType: 'application/json' }
              : {}),
          }),
          mayAccept: isPlainId,
          // Every listed id once, then generated ones (the write fuzz sends 1,000 more per route).
          examples: HOSTILE_IDS.map(encodeId),
          runs: PATH_RUNS,
        }),
      PROPERTY_TIMEOUT_MS,
    );
  }
});
