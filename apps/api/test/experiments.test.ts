import { DEFAULT_EXPERIMENT_IMAGE_URL } from '@journey/contracts';
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, itRejectsBadInput, useAdminServer } from './helpers';

const admin = useAdminServer();

const experiment = {
  title: 'Newsletter Engine',
  description: 'A newsletter written with AI research and sold through sponsorships.',
  status: 'Popular',
  statusColor: 'text-green-500',
  projectCount: 2,
  imageUrl: 'https://images.example.com/newsletter.png',
};
const count = () => admin.server.db.$count(schema.experiments);

describe('experiments', () => {
  it('lists the five seeded experiments of the spec', async () => {
    const list = (await call(admin.server.app, 'GET', '/api/experiments')).json();
    expect(list.map((e: { title: string }) => e.title)).toEqual([
      'Solo App Builds',
      'Rewriting History',
      'Public Domain Flipping',
      'Self-Improvement AI',
      'AI Startup Studio',
    ]);
    expect(list[4]).toMatchObject({ status: 'Flagship', statusColor: 'text-pink-500' });
  });

  it('creates an experiment whose colour follows its status through the one map', async () => {
    const response = await admin.call('POST', '/api/experiments', experiment);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      ...experiment,
      statusColor: 'text-blue-500',
      createdAt: expect.any(String),
    });
  });

  it('uses the placeholder image when none is given and coerces a numeric project count', async () => {
    const { imageUrl: _omitted, ...rest } = experiment;
    const response = await admin.call('POST', '/api/experiments', { ...rest, projectCount: '7' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ imageUrl: DEFAULT_EXPERIMENT_IMAGE_URL, projectCount: 7 });
  });

  itRejectsBadInput(admin, '/api/experiments', count, [
    [{ ...experiment, title: 'A' }, 'title', 'Title must be at least 2 characters.'],
    [{ ...experiment, description: 'short' }, 'description', 'Description must be at least 10 characters.'],
    [{ ...experiment, status: 'Legendary' }, 'status', 'Status must be Active, Popular or Flagship.'],
    [{ ...experiment, projectCount: -1 }, 'projectCount', 'Project count cannot be negative.'],
    [{ ...experiment, projectCount: 'many' }, 'projectCount', 'Project count must be a whole number.'],
    [{ ...experiment, imageUrl: 'not a url' }, 'imageUrl', 'Please enter a valid URL for the image.'],
    [
      { ...experiment, imageUrl: 'javascript:alert(1)' },
      'imageUrl',
      'Please enter a valid URL for the image.',
    ],
  ]);

  it('edits a seeded experiment, and deleted seeds stay deleted', async () => {
    const [first] = (await call(admin.server.app, 'GET', '/api/experiments')).json();
    const edited = await admin.call('PUT', `/api/admin/experiments/${first.id}`, {
      ...experiment,
      title: 'Solo App Builds v2',
      status: 'Flagship',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: first.id,
      title: 'Solo App Builds v2',
      statusColor: 'text-pink-500',
    });

    expect((await admin.call('DELETE', `/api/admin/experiments/${first.id}`)).statusCode).toBe(204);
    const titles = (await call(admin.server.app, 'GET', '/api/experiments'))
      .json()
      .map((e: { title: string }) => e.title);
    expect(titles).not.toContain('Solo App Builds v2');
    expect(titles).not.toContain('Solo App Builds');
    expect((await admin.call('PUT', `/api/admin/experiments/${first.id}`, experiment)).statusCode).toBe(404);
  });
});
