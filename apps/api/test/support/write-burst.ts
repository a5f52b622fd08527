import { http, revenueEntry, waitFor } from './http';

export interface Acknowledged {
  id: number;
  /** `performance.now()` when the request was sent and when its 2xx answer was read. */
  sentAt: number;
  answeredAt: number;
}

export interface Burst {
  /** Every write answered 2xx: the server promised it is stored. */
  acknowledged: Acknowledged[];
  /** Statuses of the answers that were not 2xx. */
  refused: number[];
  /** Requests that got no answer (connection refused or reset): nothing was promised. */
  unanswered: number;
  /** Stops the workers and resolves when the last one is done. */
  stop(): Promise<void>;
}

/** `workers` concurrent loops of `POST /api/revenue` (keep-alive, Node's fetch), each entry 10.00. */
export function startWriteBurst(base: string, cookie: string, workers = 8): Burst {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const burst: Burst = {
    acknowledged: [],
    refused: [],
    unanswered: 0,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
  const worker = async () => {
    while (!stopped) {
      const sentAt = performance.now();
      try {
        const answer = await http(base, 'POST', '/api/revenue', {
          body: revenueEntry(),
          cookie,
          timeoutMs: 15_000,
        });
        if (answer.status >= 200 && answer.status < 300) {
          burst.acknowledged.push({
            id: (answer.body as { id: number }).id,
            sentAt,
            answeredAt: performance.now(),
          });
        } else burst.refused.push(answer.status);
      } catch {
        burst.unanswered += 1;
        // Refused at once while the server is down: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  running = Promise.all(Array.from({ length: workers }, worker));
  return burst;
}

/** Cents of a decimal string such as "1250.50", exactly. */
const cents = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/**
 * What the database holds after a restart, read through the API: the stored revenue ids, and whether
 * the totals the triggers keep equal the sum of the stored entries.
 */
export async function storedRevenue(base: string, cookie: string) {
  const all = await http(base, 'GET', '/api/revenues/all', { cookie });
  const totals = await http(base, 'GET', '/api/revenue');
  if (all.status !== 200 || totals.status !== 200)
    throw new Error(`reads failed: ${all.status} ${totals.status}`);
  const rows = all.body as { id: number; amount: string }[];
  const summed = rows.reduce((sum, row) => sum + cents(row.amount), 0);
  return {
    ids: new Set(rows.map((row) => row.id)),
    sumCents: summed,
    totalCents: cents((totals.body as { totalRevenue: string }).totalRevenue),
  };
}

/** Resolves once the burst has run a second and at least `count` writes were acknowledged. */
export async function writesUnderWay(burst: Burst, count = 10): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await waitFor(`${count} writes acknowledged`, async () => burst.acknowledged.length >= count, {
    timeoutMs: 30_000,
  });
}
