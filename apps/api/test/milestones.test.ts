import { UNKNOWN_EXPERIMENT_MESSAGE } from '@journey/contracts';
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, itRejectsBadInput, useAdminServer } from './helpers';

const admin = useAdminServer();

const achievement = {
  title: 'Launched the tracker',
  description: 'The public revenue tracker went live for everyone.',
  date: '2024-02-01',
  day: 32,
  isRevenue: 0,
};
const count = () => admin.server.db.$count(schema.milestones);

describe('milestones', () => {
  it('starts empty and refuses anonymous writes', async () => {
    expect((await call(admin.server.app, 'GET', '/api/milestones')).json()).toEqual([]);
    expect((await call(admin.server.app, 'POST', '/api/milestones', achievement)).statusCode).toBe(401);
    expect(await count()).toBe(0);
  });

  it('creates an achievement with a null amount even when one is sent', async () => {
    const response = await admin.call('POST', '/api/milestones', { ...achievement, amount: '500' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title: achievement.title,
      description: achievement.description,
      date: '2024-02-01T00:00:00.000Z',
      day: 32,
      isRevenue: 0,
      amount: null,
      experimentId: null,
      // Not mailed: the box was not ticked (docs/decisions/097-automatic-mail.md).
      mailedAt: null,
    });
  });

  it('creates a revenue milestone with its amount, accepting true for isRevenue', async () => {
    const response = await admin.call('POST', '/api/milestones', {
      ...achievement,
      title: 'First $1,000',
      day: 10,
      isRevenue: true,
      amount: '1000',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ isRevenue: 1, amount: '1000.00', day: 10 });
  });

  it('reads thousands separators in a revenue milestone amount, REST and tRPC alike', async () => {
    const revenue = { ...achievement, title: 'First $1,250', day: 12, isRevenue: 1 };
    const rest = await admin.call('POST', '/api/milestones', { ...revenue, amount: '1,250.50' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount).toBe('1250.50');
    const trpc = await admin.call('POST', '/api/trpc/milestones.create', {
      ...revenue,
      amount: '12,345,678.90',
    });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.amount).toBe('12345678.90');
    const refused = await admin.call('POST', '/api/trpc/milestones.create', { ...revenue, amount: '12,50' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.errors.amount).toBe('Revenue amount must be a valid number.');
    // The timeline tests below count on the milestones created before this one.
    for (const id of [rest.json().id, trpc.json().result.data.id]) {
      await admin.call('DELETE', `/api/admin/milestones/${id}`);
    }
  });

  it('lists milestones by journey day', async () => {
    const days = (await call(admin.server.app, 'GET', '/api/milestones'))
      .json()
      .map((m: { day: number }) => m.day);
    expect(days).toEqual([10, 32]);
  });

  itRejectsBadInput(admin, '/api/milestones', count, [
    [{ ...achievement, title: 'A' }, 'title', 'Title must be at least 2 characters.'],
    [{ ...achievement, title: 'x'.repeat(101) }, 'title', 'Title must be at most 100 characters.'],
    [
      { ...achievement, description: 'Too short' },
      'description',
      'Description must be at least 10 characters.',
    ],
    [{ ...achievement, date: undefined }, 'date', 'A date is required.'],
    [{ ...achievement, day: undefined }, 'day', 'Day count is required.'],
    [{ ...achievement, day: 2.5 }, 'day', 'Day must be a whole number.'],
    [{ ...achievement, day: 0 }, 'day', 'Day must be a positive number.'],
    [{ ...achievement, isRevenue: 2 }, 'isRevenue', 'Type must be 0 (milestone) or 1 (revenue).'],
    [{ ...achievement, isRevenue: 1, amount: 'lots' }, 'amount', 'Revenue amount must be a valid number.'],
    [{ ...achievement, isRevenue: 1, amount: '12,50' }, 'amount', 'Revenue amount must be a valid number.'],
    [{ ...achievement, isRevenue: 1, amount: '1,2345' }, 'amount', 'Revenue amount must be a valid number.'],
    [{ ...achievement, experimentId: 'lab' }, 'experimentId', 'Experiment must be an experiment’s id.'],
    [{ ...achievement, experimentId: 0 }, 'experimentId', 'Experiment must be an experiment’s id.'],
    [{ ...achievement, experimentId: 999_999 }, 'experimentId', UNKNOWN_EXPERIMENT_MESSAGE],
  ]);

  it('edits with the whole record, nulling the amount when the type becomes an achievement', async () => {
    const revenue = (await call(admin.server.app, 'GET', '/api/milestones')).json()[0];
    const response = await admin.call('PUT', `/api/admin/milestones/${revenue.id}`, {
      ...achievement,
      title: 'Now an achievement',
      day: 11,
      isRevenue: false,
      amount: '1000',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: revenue.id,
      title: 'Now an achievement',
      isRevenue: 0,
      amount: null,
    });
  });

  it('deletes, then answers 404 for the same id', async () => {
    const [first] = (await call(admin.server.app, 'GET', '/api/milestones')).json();
    expect((await admin.call('DELETE', `/api/admin/milestones/${first.id}`)).statusCode).toBe(204);
    const again = await admin.call('DELETE', `/api/admin/milestones/${first.id}`, undefined);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Milestone not found' });
    expect((await admin.call('PUT', `/api/admin/milestones/${first.id}`, achievement)).statusCode).toBe(404);
  });

  it('belongs to an experiment: kept by an edit that leaves it out, listed on its page, unlinked when it goes', async () => {
    const experiment = (
      await admin.create('/api/experiments', {
        title: 'Milestone lab',
        description: 'An experiment with milestones of its own.',
        status: 'Active',
        projectCount: 1,
      })
    ).json();
    const create = async (title: string, date: string) =>
      (
        await admin.create('/api/milestones', { ...achievement, title, date, experimentId: experiment.id })
      ).json();
    const older = await create('Lab opened', '2024-01-05');
    const newer = await create('Lab shipped', '2024-03-05');
    expect(older).toMatchObject({ title: 'Lab opened', experimentId: experiment.id });
    // The form's "none" is an empty string: no experiment.
    const unlinked = (await admin.create('/api/milestones', { ...achievement, experimentId: '' })).json();
    expect(unlinked.experimentId).toBeNull();

    // A client written before the field leaves it out of an edit: the link stays.
    const edited = await admin.call('PUT', `/api/admin/milestones/${older.id}`, {
      ...achievement,
      title: 'Lab opened',
      date: '2024-01-05',
    });
    expect(edited.json()).toMatchObject({ id: older.id, experimentId: experiment.id });
    const listed = (await call(admin.server.app, 'GET', '/api/milestones')).json();
    expect(listed.find((m: { id: number }) => m.id === newer.id)).toMatchObject({
      experimentId: experiment.id,
    });
    const refused = await admin.call('PUT', `/api/admin/milestones/${older.id}`, {
      ...achievement,
      experimentId: 999_999,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ experimentId: UNKNOWN_EXPERIMENT_MESSAGE });

    // The experiment's page lists its milestones, newest first, as links.
    const detail = (await call(admin.server.app, 'GET', `/api/experiments/${experiment.slug}`)).json();
    expect(detail.milestones).toEqual([
      { id: newer.id, title: 'Lab shipped', day: 32, date: '2024-03-05T00:00:00.000Z' },
      { id: older.id, title: 'Lab opened', day: 32, date: '2024-01-05T00:00:00.000Z' },
    ]);

    // Null takes it out of the experiment; deleting the experiment unlinks the rest.
    const cleared = await admin.call('PUT', `/api/admin/milestones/${newer.id}`, {
      ...achievement,
      experimentId: null,
    });
    expect(cleared.json().experimentId).toBeNull();
    expect((await admin.call('DELETE', `/api/admin/experiments/${experiment.id}`)).statusCode).toBe(204);
    const left = (await call(admin.server.app, 'GET', '/api/milestones')).json() as {
      experimentId: number | null;
    }[];
    expect(left.map((m) => m.experimentId)).toEqual(left.map(() => null));
    for (const { id } of [older, newer, unlinked]) await admin.call('DELETE', `/api/admin/milestones/${id}`);
  });
});
