/** The app's records read and written through its API, as the admin or a visitor would. */
import type {
  Experiment,
  Milestone,
  Revenue,
  RevenueSource,
  RevenueSummary,
  Settings,
  SettingsInput,
  Subscriber,
} from '@journey/contracts';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

export type { Experiment, Milestone, RevenueSource, RevenueSummary, Settings, SettingsInput, Subscriber };
export type RevenueEntry = Revenue;
export { REVENUE_SOURCE_LABELS as SOURCE_LABELS } from '@journey/contracts/constants';

/** The titles of the five experiments every new database is seeded with, oldest first. */
export const SEEDED_EXPERIMENTS = [
  'Solo App Builds',
  'Rewriting History',
  'Public Domain Flipping',
  'Self-Improvement AI',
  'AI Startup Studio',
] as const;

/** Fails the test unless the answer has `status` (with the body as the message). */
async function expectStatus(response: APIResponse, status: number): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
}

/** The answer's JSON, once its status is `status`. */
async function answered<T>(response: APIResponse, status: number): Promise<T> {
  await expectStatus(response, status);
  return (await response.json()) as T;
}

export const revenueSummary = async (request: APIRequestContext) =>
  answered<RevenueSummary>(await request.get('/api/revenue'), 200);

export const createRevenue = async (
  admin: APIRequestContext,
  entry: { amount: string; source: RevenueSource; description: string; date?: string },
) =>
  answered<RevenueEntry>(await admin.post('/api/revenue', { data: { date: '2024-01-15', ...entry } }), 201);

export const listRevenue = async (admin: APIRequestContext) =>
  answered<RevenueEntry[]>(await admin.get('/api/revenues/all'), 200);

export const deleteRevenue = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/revenue/${id}`), 204);

export const createMilestone = async (
  admin: APIRequestContext,
  milestone: Omit<Milestone, 'id' | 'amount'> & { amount?: string },
) => answered<Milestone>(await admin.post('/api/milestones', { data: milestone }), 201);

export const listMilestones = async (request: APIRequestContext) =>
  answered<Milestone[]>(await request.get('/api/milestones'), 200);

export const deleteMilestone = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/milestones/${id}`), 204);

/** Deletes the milestones whose titles start with `mark`: those a spec created. */
export async function deleteMilestonesMarked(admin: APIRequestContext, mark: string) {
  for (const milestone of await listMilestones(admin)) {
    if (milestone.title.startsWith(mark)) await deleteMilestone(admin, milestone.id);
  }
}

/**
 * One card of each kind for the timeline, titled `<mark> … <tag>`: a revenue milestone ($10,000 on day
 * 42, Mar 15, 2024) and an achievement (day 7, Feb 1, 2024).
 */
export const createRevenueAndAchievement = async (admin: APIRequestContext, mark: string, tag: string) => ({
  revenue: await createMilestone(admin, {
    title: `${mark} First $10k ${tag}`,
    description: 'Ten thousand dollars of revenue in one month.',
    date: '2024-03-15',
    day: 42,
    isRevenue: 1,
    amount: '10000',
  }),
  achievement: await createMilestone(admin, {
    title: `${mark} Launched ${tag}`,
    description: 'The first product went live for everyone.',
    date: '2024-02-01',
    day: 7,
    isRevenue: 0,
  }),
});

export const listExperiments = async (request: APIRequestContext) =>
  answered<Experiment[]>(await request.get('/api/experiments'), 200);

export const createExperiment = async (
  admin: APIRequestContext,
  experiment: Pick<Experiment, 'title' | 'description' | 'status' | 'projectCount'> & { imageUrl?: string },
) => answered<Experiment>(await admin.post('/api/experiments', { data: experiment }), 201);

export const deleteExperiment = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/experiments/${id}`), 204);

/** Signs `email` up for the newsletter, as the landing page's form does. */
export const subscribe = async (request: APIRequestContext, email: string) =>
  expectStatus(await request.post('/api/subscribers', { data: { email, consent: true } }), 201);

/** Every subscriber (admin only; a tRPC query, there is no REST path for it). */
export const listSubscribers = async (admin: APIRequestContext) =>
  (await answered<{ result: { data: Subscriber[] } }>(await admin.get('/api/trpc/subscribers.list'), 200))
    .result.data;

export const deleteSubscriber = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.post('/api/trpc/subscribers.delete', { data: { id } }), 200);

export const getSettings = async (request: APIRequestContext) =>
  answered<Settings>(await request.get('/api/settings'), 200);

/** Saves the whole settings record as the admin; the saved record comes back. */
export const putSettings = async (admin: APIRequestContext, settings: SettingsInput) =>
  answered<Settings>(await admin.put('/api/admin/settings', { data: settings }), 200);
