import type { RevenueSource } from '@journey/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRevenue, revenueSeries } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.cleanup());

// A Wednesday; the ISO week holding it starts on Monday 2025-03-10.
const NOW = new Date('2025-03-12T15:00:00.000Z');

const add = (amount: string, source: RevenueSource, date: string) =>
  createRevenue(test.handle.db, { amount, source, description: 'A series entry', date: new Date(date) });

describe('revenueSeries', () => {
  it('has no points before any revenue, whatever the range', async () => {
    for (const range of ['30d', '90d', '1y', 'all'] as const) {
      expect((await revenueSeries(test.handle.db, range, NOW)).points).toEqual([]);
    }
  });

  it('buckets in UTC and carries the running total across empty buckets', async () => {
    await add('1.10', 'ai', '2024-12-31T23:59:59.999Z');
    await add('2.20', 'passive', '2025-01-01T00:00:00.000Z');
    await add('0.10', 'ai', '2025-03-09T23:59:59.000Z'); // Sunday: the week of Monday 3 March
    await add('0.20', 'ai', '2025-03-10T00:00:00.000Z'); // Monday: a new ISO week
    await add('5.00', 'consulting', '2025-03-12T23:00:00.000Z'); // later today

    const all = await revenueSeries(test.handle.db, 'all', NOW);
    expect(all.bucket).toBe('month');
    expect(all.points).toEqual([
      { date: '2024-12-01', ai: '1.10', passive: '0.00', consulting: '0.00', total: '1.10' },
      { date: '2025-01-01', ai: '1.10', passive: '2.20', consulting: '0.00', total: '3.30' },
      { date: '2025-02-01', ai: '1.10', passive: '2.20', consulting: '0.00', total: '3.30' },
      { date: '2025-03-01', ai: '1.40', passive: '2.20', consulting: '5.00', total: '8.60' },
    ]);

    const weeks = await revenueSeries(test.handle.db, '90d', NOW);
    expect(weeks.bucket).toBe('week');
    // 90 days before 2025-03-12 is 2024-12-12, a Thursday: its week starts on Monday 2024-12-09.
    expect(weeks.points[0]).toEqual({
      date: '2024-12-09',
      ai: '0.00',
      passive: '0.00',
      consulting: '0.00',
      total: '0.00',
    });
    expect(weeks.points.at(-2)).toMatchObject({ date: '2025-03-03', ai: '1.20', total: '3.40' });
    expect(weeks.points.at(-1)).toMatchObject({ date: '2025-03-10', ai: '1.40', total: '8.60' });
    for (const point of weeks.points) expect(new Date(`${point.date}T00:00:00Z`).getUTCDay()).toBe(1);

    const days = await revenueSeries(test.handle.db, '30d', NOW);
    expect(days.points).toHaveLength(31);
    // Everything before the range is already in its first point.
    expect(days.points[0]).toEqual({
      date: '2025-02-10',
      ai: '1.10',
      passive: '2.20',
      consulting: '0.00',
      total: '3.30',
    });
    expect(days.points.at(-1)?.date).toBe('2025-03-12');

    const year = await revenueSeries(test.handle.db, '1y', NOW);
    expect(year.points.map((p) => p.date)).toHaveLength(13);
    expect(year.points[0]?.date).toBe('2024-03-01');
  });
});
