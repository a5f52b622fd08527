import { Agent, request } from 'node:http';
import { adminWriteHeaders, BENCH_REVENUE } from '../fixtures/seed-api';
import { READS } from './endpoints';

/** The mix sent at a fixed rate: its latencies, counted from when each request was due. */
export interface PacedRun {
  /** The rate asked for, and the rate answered. */
  rate: number;
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and requests that failed or timed out. */
  failed: number;
  acknowledgedWrites: number;
}

interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const TIMEOUT_MS = 10_000;
/** How long the paced run of the mixed load lasts. */
export const PACED_S = 20;

/**
 * The mixed load's requests (four public reads, one admin write, in turn) sent at `rate` per second,
 * evenly spaced, whatever the answers' speed: an open loop. autocannon's `overallRate` sends each
 * connection's share in a burst at the top of every second, so its latencies are those of a burst,
 * and a closed loop's rate depends on the server's speed, so two builds would be measured at different
 * loads. Each latency runs from when the request was due, not when a free socket sent it, so a stall
 * counts against every request it delays (no coordinated omission).
 */
export async function runPaced(
  baseUrl: string,
  cookie: string,
  settings: { rate: number; duration: number },
): Promise<PacedRun> {
  const mix: MixRequest[] = [
    ...READS.map(({ path }) => ({ method: 'GET' as const, path })),
    {
      method: 'POST',
      path: '/api/revenue',
      headers: adminWriteHeaders(baseUrl, cookie),
      body: JSON.stringify(BENCH_REVENUE),
    },
  ];
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failed = 0;
  let acknowledgedWrites = 0;
  const total = Math.round(settings.rate * settings.duration);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let sent = 0;

  const send = (item: MixRequest, dueAt: number) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean, status?: number) => {
        latencies.push(performance.now() - dueAt);
        if (!ok) failed++;
        else if (item.method === 'POST' && status === 201) acknowledgedWrites++;
        resolve();
      };
      const req = request(
        new URL(item.path, baseUrl),
        { method: item.method, agent, headers: item.headers, timeout: TIMEOUT_MS },
        (res) => {
          res.resume();
          res.on('end', () => done((res.statusCode ?? 0) < 300, res.statusCode));
          res.on('error', () => done(false));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(false));
      req.end(item.body);
    });

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * settings.rate));
      for (; sent < due; sent++) {
        const item = mix[sent % mix.length];
        if (item) pending.push(send(item, started + (sent / settings.rate) * 1000));
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => Math.round(latencies[Math.ceil(quantile * latencies.length) - 1] ?? NaN);
  return {
    rate: settings.rate,
    rps: latencies.length / elapsed,
    requests: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    failed,
    acknowledgedWrites,
  };
}
