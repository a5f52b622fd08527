/**
 * GET /api/experiments/{slug}/figures (docs/decisions/082-experiment-money.md): revenue by hand and by
 * rule, costs typed through the API, profit, month by month, shown exactly (the default privacy:
 * experiment-privacy.test.ts has the others); refreshed after a write; 404 for an unknown slug. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const NOW = new Date('2026-03-20T12:00:00.000Z');
const admin = useAdminServer({ now: () => NOW });

const figures = async (slug: string) => call(admin.server.app, 'GET', `/api/experiments/${slug}/figures`);

describe('experiment figures', () => {
  it('sums the experiment’s revenue and costs, month by month, and follows a new cost', async () => {
    const { db } = admin.server;
    const [experiment] = await db.select().from(schema.experiments).orderBy(schema.experiments.id).limit(1);
    if (!experiment) throw new Error('The seeded experiments are missing');
    await db.insert(schema.experimentAssignments).values({
      experimentId: experiment.id,
      provider: 'polar',
      kind: 'connection',
    });
    const entry = { source: 'ai' as const, description: 'A figures entry', provenance: 'sync' as const };
    await db.insert(schema.revenues).values([
      {
        ...entry,
        amount: '120.00',
        date: new Date('2026-01-10T00:00:00Z'),
        provider: 'polar',
        externalId: 'ord_1',
      },
      {
        ...entry,
        amount: '30.00',
        date: new Date('2026-03-01T00:00:00Z'),
        provider: 'stripe',
        externalId: 'ch_1',
        experimentId: experiment.id,
      },
    ]);
    const cost = {
      amount: '45.10',
      date: '2026-02-14',
      category: 'ai-models',
      description: 'Model tokens',
      experimentId: experiment.id,
    };
    await admin.create('/api/admin/costs', cost);

    const first = await figures(experiment.slug);
    expect(first.statusCode, first.body).toBe(200);
    const exact = (amount: string) => ({ amount, range: null });
    expect(first.json()).toEqual({
      slug: experiment.slug,
      privacy: 'exact',
      revenue: exact('150.00'),
      costs: exact('45.10'),
      profit: exact('104.90'),
      bandRule: null,
      months: [
        { month: '2026-01', revenue: '120.00', costs: '0.00', profit: '120.00' },
        { month: '2026-02', revenue: '0.00', costs: '45.10', profit: '-45.10' },
        { month: '2026-03', revenue: '30.00', costs: '0.00', profit: '30.00' },
      ],
    });

    // A cost typed afterwards shows in the cached answer at once.
    await admin.create('/api/admin/costs', { ...cost, amount: '200.00', date: '2026-03-02' });
    const second = (await figures(experiment.slug)).json();
    expect(second).toMatchObject({ costs: exact('245.10'), profit: exact('-95.10') });
    expect(second.months.at(-1)).toEqual({
      month: '2026-03',
      revenue: '30.00',
      costs: '200.00',
      profit: '-170.00',
    });
  });

  it('answers 404 for an unknown experiment and 400 for a malformed slug', async () => {
    expect((await figures('no-such-experiment')).statusCode).toBe(404);
    expect((await figures('Not%20A%20Slug')).statusCode).toBe(400);
  });
});
