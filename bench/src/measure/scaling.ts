import type { Endpoint } from '../fixtures/capture';
import { seedRevenueRows, type SeedResult } from '../fixtures/seed-rows';
import type { Backend } from '../fixtures/stores';
import { step } from '../lib/log';
import { summarize, type Summary } from '../report/stats';
import { startAppServer } from '../server/app-server';
import { alternate, type Rounds } from './alternate';
import { LANDING, TOTALS } from './endpoints';
import { runLoad, type LoadSettings } from './load';

export interface ScalingRow {
  endpoint: Endpoint;
  empty: Summary;
  seeded: Summary;
}

export interface ScalingResult {
  seed: SeedResult;
  /** `totalRevenue` as the seeded server answers it, to compare with SUM(amount). */
  apiTotal: string;
  rows: ScalingRow[];
}

/**
 * The totals on an empty database and on one with `rows` revenue entries, two servers side by side
 * and loaded in turn, so the ratio holds however busy the box is. The landing page is measured too
 * because it renders the same totals.
 */
export async function measureScaling(
  backend: Backend,
  rows: number,
  plan: Rounds & Omit<LoadSettings, 'duration'>,
  root: string,
): Promise<ScalingResult> {
  const emptyStore = await backend.newStore();
  const seededStore = await backend.newStore();
  step(`scaling: seeding ${rows.toLocaleString('en-US')} revenue entries (${backend.name})`);
  const seed = await seedRevenueRows(seededStore.database, rows);
  step(`scaling: seeded in ${seed.seconds.toFixed(1)} s`);
  const empty = await startAppServer(emptyStore.env, { root });
  const seeded = await startAppServer(seededStore.env, { root });
  try {
    const totals = (await (await fetch(`${seeded.url}${TOTALS.path}`)).json()) as { totalRevenue?: string };
    const result: ScalingResult = { seed, apiTotal: totals.totalRevenue ?? '?', rows: [] };
    for (const endpoint of [TOTALS, LANDING]) {
      step(`scaling: ${endpoint.name}`);
      const load = (baseUrl: string) => (seconds: number) =>
        runLoad({ baseUrl, ...endpoint }, { ...plan, duration: seconds });
      const results = await alternate(load(empty.url), load(seeded.url), plan);
      result.rows.push({ endpoint, empty: summarize(results.a), seeded: summarize(results.b) });
    }
    return result;
  } finally {
    await empty.stop();
    await seeded.stop();
    await emptyStore.dispose();
    await seededStore.dispose();
  }
}
