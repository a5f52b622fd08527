import autocannon from 'autocannon';
import { adminWriteHeaders, BENCH_REVENUE } from '../fixtures/seed-api';
import type { AppServer } from '../server/app-server';
import { readProcessMemory } from '../server/proc-status';
import { READS } from './endpoints';

/** The RSS is averaged over windows of this many seconds, to compare the start of a run with its end. */
export const WINDOW_S = 10;

export interface MixedRun {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  acknowledgedWrites: number;
  rssWindows: number[];
}

/** Each connection cycles through the four public reads and one admin write (so 1 in 5 is a write). */
export async function runMixed(
  app: AppServer,
  cookie: string,
  /** A fixed number of requests completes every write it sends: a timed run drops those in flight at the end. */
  settings: { connections: number } & ({ duration: number } | { amount: number }),
): Promise<MixedRun> {
  let acknowledgedWrites = 0;
  const samples: { at: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    readProcessMemory(app.pid).then(
      ({ rss }) => samples.push({ at: (performance.now() - started) / 1000, rss }),
      () => {},
    );
  }, 1000);
  try {
    const result = await autocannon({
      url: app.url,
      ...settings,
      timeout: 10,
      requests: [
        ...READS.map(({ method, path }) => ({ method, path })),
        {
          method: 'POST' as const,
          path: '/api/revenue',
          headers: adminWriteHeaders(app.url, cookie),
          body: JSON.stringify(BENCH_REVENUE),
          onResponse: (status: number) => {
            if (status === 201) acknowledgedWrites++;
          },
        },
      ],
    });
    const statuses: Record<string, number> = {};
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
    const windows = Math.floor(result.duration / WINDOW_S);
    const rssWindows = Array.from({ length: windows }, (_, index) => {
      const inWindow = samples.filter((s) => s.at >= index * WINDOW_S && s.at < (index + 1) * WINDOW_S);
      return inWindow.reduce((sum, s) => sum + s.rss, 0) / Math.max(1, inWindow.length);
    });
    return {
      rps: result.requests.total / result.duration,
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      statuses,
      acknowledgedWrites,
      rssWindows,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Answers with a status other than 2xx. */
export function failedAnswers(run: MixedRun): number {
  return Object.entries(run.statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
}
