import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  /** Seconds an autocannon run lasts. */
  duration: number;
  /** Seconds before a request counts as failed. */
  timeout: number;
}

/** What to load: one request repeated, or a sequence each connection cycles through. */
export interface LoadTarget {
  baseUrl: string;
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { method: 'GET' | 'POST'; path: string }[];
}

export interface LoadResult {
  /** Responses per second over the whole run. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers, connection errors and timeouts: a run with any is no valid figure. */
  failed: number;
  /** Count per status code, e.g. { "200": 1234 }, to say what failed. */
  statuses: Record<string, number>;
}

/** One autocannon run, in process: the servers under test run in their own processes. */
export async function runLoad(target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  const result = await autocannon({
    url: `${target.baseUrl}${target.path ?? ''}`,
    connections: settings.connections,
    duration: settings.duration,
    timeout: settings.timeout,
    ...(target.method ? { method: target.method } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
    statuses,
  };
}
