import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimentFigures, listExperimentTotals, schema } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

/** Money per experiment (docs/decisions/082-experiment-money.md): which revenue and costs count, and how. */

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

const NOW = new Date('2026-04-10T12:00:00.000Z');
const { revenues, costs, experimentAssignments, experiments } = schema;

describe('experiment figures', () => {
  it('attributes by hand first, then by price, product and connection, and subtracts the costs', async () => {
    const db = test.handle.db;
    const [studio, builds] = await db.select().from(experiments).orderBy(experiments.id).limit(2);
    if (!studio || !builds) throw new Error('The seeded experiments are missing');
    await db.insert(experimentAssignments).values([
      { experimentId: studio.id, provider: 'stripe', kind: 'connection' },
      { experimentId: builds.id, provider: 'stripe', kind: 'price', value: 'price_builds' },
      { experimentId: builds.id, provider: 'paddle', kind: 'product', value: 'pro_builds' },
    ]);
    const entry = (amount: string, date: string, more: Partial<typeof revenues.$inferInsert> = {}) => ({
      amount,
      source: 'ai' as const,
      description: 'An experiment entry',
      date: new Date(date),
      provenance: 'sync' as const,
      ...more,
    });
    await db.insert(revenues).values([
      // The connection's rule: Stripe's entries without a better rule are the studio's.
      entry('100.00', '2026-01-15T00:00:00Z', { provider: 'stripe', externalId: 'ch_1' }),
      // The price's rule wins over the connection's.
      entry('40.00', '2026-02-01T00:00:00Z', {
        provider: 'stripe',
        externalId: 'ch_2',
        priceId: 'price_builds',
      }),
      // A refund of the studio's, negative.
      entry('-10.00', '2026-03-31T23:59:59Z', { provider: 'stripe', externalId: 'ch_3' }),
      // Assigned by hand: wins over every rule.
      entry('7.50', '2026-03-01T00:00:00Z', {
        provider: 'stripe',
        externalId: 'ch_4',
        experimentId: builds.id,
      }),
      // Paddle's product rule; a Paddle entry of another product is no one's.
      entry('25.00', '2026-03-02T00:00:00Z', {
        provider: 'paddle',
        externalId: 'txn_1',
        productId: 'pro_builds',
      }),
      entry('99.00', '2026-03-02T00:00:00Z', {
        provider: 'paddle',
        externalId: 'txn_2',
        productId: 'pro_other',
      }),
      // A typed entry with no experiment.
      entry('500.00', '2026-03-03T00:00:00Z', { provenance: 'manual' }),
    ]);
    await db.insert(costs).values([
      {
        amount: '30.00',
        date: new Date('2026-01-31T00:00:00Z'),
        category: 'ai-models',
        description: 'Tokens',
        experimentId: studio.id,
      },
      {
        amount: '0.25',
        date: new Date('2026-04-01T00:00:00Z'),
        category: 'hosting',
        description: 'A server',
        experimentId: studio.id,
      },
      { amount: '80.00', date: new Date('2026-02-01T00:00:00Z'), category: 'tools', description: 'Nobody’s' },
    ]);

    expect(await listExperimentTotals(db)).toEqual([
      { experimentId: studio.id, revenue: '90.00', costs: '30.25', profit: '59.75' },
      { experimentId: builds.id, revenue: '72.50', costs: '0.00', profit: '72.50' },
    ]);
    const figures = await experimentFigures(db, studio.slug, NOW);
    expect(figures).toEqual({
      slug: studio.slug,
      revenue: '90.00',
      costs: '30.25',
      profit: '59.75',
      months: [
        { month: '2026-01', revenue: '100.00', costs: '30.00', profit: '70.00' },
        { month: '2026-02', revenue: '0.00', costs: '0.00', profit: '0.00' },
        { month: '2026-03', revenue: '-10.00', costs: '0.00', profit: '-10.00' },
        { month: '2026-04', revenue: '0.00', costs: '0.25', profit: '-0.25' },
      ],
    });
    expect(await experimentFigures(db, 'no-such-experiment', NOW)).toBeNull();
  });

  it('has no months for an experiment without money', async () => {
    const [, , third] = await test.handle.db.select().from(experiments).orderBy(experiments.id);
    if (!third) throw new Error('The seeded experiments are missing');
    expect(await experimentFigures(test.handle.db, third.slug, NOW)).toEqual({
      slug: third.slug,
      revenue: '0.00',
      costs: '0.00',
      profit: '0.00',
      months: [],
    });
  });
});
