import { captureResponse, type Endpoint } from '../fixtures/capture';
import { step } from '../lib/log';
import { summarize, type Summary } from '../report/stats';
import type { AppServer } from '../server/app-server';
import { startBareServer } from '../server/bare';
import { alternate, type Rounds } from './alternate';
import { READS, revenueWrite } from './endpoints';
import { runLoad, type LoadSettings } from './load';

export interface ThroughputRow {
  endpoint: Endpoint;
  connections: number;
  app: Summary;
  bare: Summary;
}

/**
 * Each endpoint on the app and on a bare `node:http` server replaying the app's own bytes,
 * alternating: the ratio is the share of a request's cost that is the app's, on this very box.
 */
export async function measureThroughput(
  app: AppServer,
  cookie: string,
  plan: Rounds & Omit<LoadSettings, 'duration' | 'connections'> & { connections: number[] },
): Promise<ThroughputRow[]> {
  // Reads first: every timed write adds a row, which must not change what the reads measure.
  const endpoints = [...READS, revenueWrite(app.url, cookie)];
  const canned = [];
  for (const endpoint of endpoints) canned.push(await captureResponse(app.url, endpoint));
  const bare = await startBareServer(canned);
  try {
    const rows: ThroughputRow[] = [];
    for (const endpoint of endpoints)
      for (const connections of plan.connections) {
        step(`throughput: ${endpoint.name}, ${connections} connections`);
        const load = (baseUrl: string) => (seconds: number) =>
          runLoad({ baseUrl, ...endpoint }, { ...plan, connections, duration: seconds });
        const results = await alternate(load(app.url), load(bare.url), plan);
        rows.push({ endpoint, connections, app: summarize(results.a), bare: summarize(results.b) });
      }
    return rows;
  } finally {
    await bare.stop();
  }
}
