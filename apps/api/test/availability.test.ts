import { beforeAll, describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

describe('when the database goes away', () => {
  const admin = useAdminServer();
  beforeAll(() => admin.server.closeDatabase());

  it('answers reads, writes and readiness with 503 and the JSON error body, while staying alive', async () => {
    const unavailable = { message: 'The database is unavailable. Please try again shortly.' };
    const revenue = await call(admin.server.app, 'GET', '/api/revenue');
    expect(revenue.statusCode).toBe(503);
    expect(revenue.json()).toEqual(unavailable);
    const write = await admin.call('POST', '/api/milestones', {
      title: 'Still here',
      description: 'Written while the database is down',
      date: '2024-01-01',
      day: 1,
    });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual(unavailable);
    const trpc = await call(admin.server.app, 'GET', '/api/trpc/milestones.list');
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json().error.message).toBe(unavailable.message);
    expect((await call(admin.server.app, 'GET', '/readyz')).statusCode).toBe(503);
    expect((await call(admin.server.app, 'GET', '/healthz')).statusCode).toBe(200);
  });
});
