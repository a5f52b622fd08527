import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

// docs/decisions/060-admin-onboarding-and-honest-dates.md: the admin's first steps, each done by
// what the database holds (never by a click), and the checklist's dismissal kept on the server.
const admin = useAdminServer({ env: { SITE_PRODUCT_NAME: 'Rocket' } });
const DAY_MS = 24 * 60 * 60 * 1000;

const setup = async () => {
  const response = await admin.call('GET', '/api/admin/setup');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { dismissed: boolean; steps: { key: string; done: boolean }[] };
};
const done = async () =>
  Object.fromEntries((await setup()).steps.map((step) => [step.key, step.done])) as Record<string, boolean>;
const settings = async () => (await admin.call('GET', '/api/settings')).json();
const save = async (change: object) => {
  const response = await admin.call('PUT', '/api/admin/settings', { ...(await settings()), ...change });
  expect(response.statusCode, response.body).toBe(200);
};

describe('the setup checklist', () => {
  it('is for the admin only', async () => {
    expect((await call(admin.server.app, 'GET', '/api/admin/setup')).statusCode).toBe(401);
    expect((await call(admin.server.app, 'POST', '/api/admin/setup/dismiss')).statusCode).toBe(401);
  });

  it('starts with every step to do, in order, and not dismissed', async () => {
    expect(await setup()).toEqual({
      dismissed: false,
      steps: ['journeyStart', 'siteName', 'contact', 'revenue', 'computedStats'].map((key) => ({
        key,
        done: false,
      })),
    });
  });

  it('ticks each step from the data: a save that changes nothing ticks nothing', async () => {
    await save({});
    expect(Object.values(await done()).some(Boolean)).toBe(false);

    const eightMonthsAgo = new Date(Date.now() - 240 * DAY_MS).toISOString().slice(0, 10);
    await save({ journeyStartDate: eightMonthsAgo });
    expect(await done()).toMatchObject({ journeyStart: true, siteName: false });

    await save({ siteName: 'Rocket Diaries' });
    expect(await done()).toMatchObject({ siteName: true, contact: false });

    const links = (await settings()).links;
    await save({ links: { ...links, twitter: 'https://x.com/rocket' } });
    expect(await done()).toMatchObject({ contact: true, revenue: false });

    await admin.create('/api/revenue', {
      amount: '12',
      source: 'ai',
      description: 'First sale',
      date: '2025-01-02',
    });
    expect(await done()).toMatchObject({ revenue: true, computedStats: false });

    await save({ computedStats: true });
    expect(Object.values(await done()).every(Boolean)).toBe(true);
  });

  it('is dismissed for good, and a later settings save does not bring it back', async () => {
    const dismissed = await admin.call('POST', '/api/admin/setup/dismiss');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({ dismissed: true });
    expect(await setup()).toMatchObject({ dismissed: true });
    await save({ setupDismissed: false, siteName: 'Rocket Log' });
    expect(await setup()).toMatchObject({ dismissed: true });
  });
});
