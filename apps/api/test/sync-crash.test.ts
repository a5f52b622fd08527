/**
 * The sync's promise (docs/decisions/077-provider-connections.md): a backfill of 3,000 Stripe balance
 * transactions, the server killed with `kill -9` in the middle and started again, goes on from its
 * saved cursor and ends with every transaction counted once, to the cent. Real processes against the
 * Stripe stand-in; on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { startStripeStandIn, type StripeStandIn } from '@journey/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, http, waitFor } from './support/http';
import { useServerProcesses } from './support/server-process';

const KEY = 'rk_test_sync_crash_read_only';
const TRANSACTIONS = 3_000;
/** Two process starts and a 30-page backfill: a hang guard, generous on a busy machine. */
const CRASH_TEST_TIMEOUT_MS = 240_000;

describe('a Stripe backfill across kill -9', () => {
  const processes = useServerProcesses();
  let stripe: StripeStandIn;
  let env: Record<string, string>;

  beforeAll(async () => {
    stripe = await startStripeStandIn({ keys: { [KEY]: 'read-only' } });
    for (let index = 0; index < TRANSACTIONS; index += 1) {
      stripe.transactions.push({
        id: `txn_${index}`,
        type: index % 50 === 49 ? 'refund' : 'charge',
        amount: index % 50 === 49 ? -(500 + index) : 1000 + index,
        currency: 'usd',
        created: 1_700_000_000 + index * 60,
        source: { id: `${index % 50 === 49 ? 're' : 'ch'}_${index}`, amount: 1000 + index, currency: 'usd' },
      });
    }
    // Pages that take a while, as a distant API's do: the kill lands in the middle of the backfill.
    stripe.delayMs = 150;
    // A lapsed claim is taken over after two seconds (PostgreSQL; PGlite releases it at start).
    env = { STRIPE_API_BASE: stripe.base, SYNC_CLAIM_TIMEOUT_SECONDS: '2' };
  });
  afterAll(() => stripe?.stop());

  const pagesRead = () =>
    stripe.requests.filter((line) => line.startsWith('GET /v1/balance_transactions?')).length;
  const expectedCents = () => stripe.transactions.reduce((sum, transaction) => sum + transaction.amount, 0);

  it(
    'resumes from its cursor after the restart and counts every transaction once',
    async () => {
      const first = await processes.start(env);
      const cookie = await adminCookie(first.base);
      const connected = await http(first.base, 'PUT', '/api/admin/connections/stripe', {
        body: { apiKey: KEY },
        cookie,
      });
      expect(connected.status).toBe(200);
      await waitFor('a third of the backfill', async () => pagesRead() >= 10, {
        timeoutMs: 120_000,
        everyMs: 20,
      });
      first.child.kill('SIGKILL');
      await first.exited;
      const atKill = pagesRead();
      expect(atKill).toBeLessThan(TRANSACTIONS / 100);

      const second = await processes.start(env);
      const again = await adminCookie(second.base);
      await waitFor(
        'the backfill to end',
        async () => {
          const list = await http(second.base, 'GET', '/api/admin/connections', { cookie: again });
          const [connection] = (list.body as { connections: { status: string }[] }).connections;
          return connection?.status === 'ok';
        },
        { timeoutMs: 180_000 },
      );
      const totals = await http(second.base, 'GET', '/api/revenue');
      expect((totals.body as { totalRevenue: string }).totalRevenue).toBe((expectedCents() / 100).toFixed(2));
      const all = await http(second.base, 'GET', '/api/revenues/all', { cookie: again });
      const ids = (all.body as { externalId: string }[]).map((entry) => entry.externalId);
      expect(ids).toHaveLength(TRANSACTIONS);
      expect(new Set(ids).size).toBe(TRANSACTIONS);
      // It went on where it stopped: far fewer pages than a second backfill from the start.
      const pagesAfter = pagesRead() - atKill;
      console.log(`sync crash test: killed after ${atKill} pages, ${pagesAfter} read after the restart`);
      expect(pagesAfter).toBeLessThan(TRANSACTIONS / 100);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
