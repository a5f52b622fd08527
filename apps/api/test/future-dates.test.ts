import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { useAdminServer } from './helpers';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: a date may be at most the latest calendar
// day in effect anywhere on Earth (today at UTC+14), judged by the UTC day it is stored as. Built
// on the real clock: at any hour one of the two edges below is where the old 24-hour slack erred.
const admin = useAdminServer();
const DAY_MS = 24 * 60 * 60 * 1000;
/** Today at UTC+14, stated here apart from the code it checks. */
const latest = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const revenue = { amount: '10', source: 'ai', description: 'Dated at the edge' };
const milestone = { title: 'Edge', description: 'Dated at the very edge', day: 1, isRevenue: 0 };

describe('dates at the edge of today', () => {
  it('accept a revenue entry and a milestone on the latest day on Earth, to its last second', async () => {
    for (const date of [latest(), `${latest()}T23:59:59Z`]) {
      const added = await admin.call('POST', '/api/revenue', { ...revenue, date });
      expect(added.statusCode, `${date}: ${added.body}`).toBe(201);
      expect(added.json().date.slice(0, 10)).toBe(latest());
      expect((await admin.call('POST', '/api/milestones', { ...milestone, date })).statusCode).toBe(201);
    }
  });

  it('refuse the day after it with 400 and the message on `date`, storing nothing', async () => {
    const before = await admin.server.db.$count(schema.revenues);
    for (const date of [dayAfter(latest()), `${dayAfter(latest())}T00:00:00Z`]) {
      for (const url of ['/api/revenue', '/api/milestones']) {
        const response = await admin.call('POST', url, { ...revenue, ...milestone, date });
        expect(response.statusCode, `${url} ${date}`).toBe(400);
        expect(response.json().errors).toEqual({ date: 'Date cannot be in the future.' });
      }
    }
    expect(await admin.server.db.$count(schema.revenues)).toBe(before);
  });

  it('hold for the journey start in the settings', async () => {
    const settings = (await admin.call('GET', '/api/settings')).json();
    const late = await admin.call('PUT', '/api/admin/settings', {
      ...settings,
      journeyStartDate: dayAfter(latest()),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ journeyStartDate: 'Journey start cannot be in the future.' });
    const edge = await admin.call('PUT', '/api/admin/settings', { ...settings, journeyStartDate: latest() });
    expect(edge.statusCode).toBe(200);
  });
});
