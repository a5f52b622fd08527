/** The app's records read and written through its API, as the admin or a visitor would. */
import type {
  Broadcast,
  Experiment,
  Milestone,
  OutboxMessage,
  Revenue,
  RevenueSource,
  RevenueSummary,
  RevenueTotals,
  Settings,
  SettingsInput,
  Subscriber,
} from '@journey/contracts';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

export type {
  Broadcast,
  Experiment,
  Milestone,
  OutboxMessage,
  RevenueSource,
  RevenueSummary,
  Settings,
  SettingsInput,
  Subscriber,
};
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
export async function expectStatus(response: APIResponse, status: number): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
}

/** The answer's JSON, once its status is `status`. */
async function answered<T>(response: APIResponse, status: number): Promise<T> {
  await expectStatus(response, status);
  return (await response.json()) as T;
}

/**
 * A GET that is sent again once if the connection is reset: a kept-alive connection the server
 * idles out just as the request leaves is reset, and browsers resend an idempotent request then.
 */
const read = (request: APIRequestContext, path: string) => request.get(path, { maxRetries: 1 });

/** The totals, which these tests' site shows exactly (docs/decisions/083-privacy-per-figure.md). */
export async function revenueSummary(request: APIRequestContext): Promise<RevenueTotals> {
  const summary = await answered<RevenueSummary>(await read(request, '/api/revenue'), 200);
  const { totalRevenue, bySource } = summary;
  if (totalRevenue === null || Object.values(bySource).some((amount) => amount === null))
    throw new Error(`the site keeps its totals private: ${JSON.stringify(summary)}`);
  return { totalRevenue, bySource: bySource as RevenueTotals['bySource'] };
}

export const createRevenue = async (
  admin: APIRequestContext,
  entry: { amount: string; source: RevenueSource; description: string; date?: string },
) =>
  answered<RevenueEntry>(await admin.post('/api/revenue', { data: { date: '2024-01-15', ...entry } }), 201);

export const listRevenue = async (admin: APIRequestContext) =>
  answered<RevenueEntry[]>(await read(admin, '/api/revenues/all'), 200);

export const deleteRevenue = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/revenue/${id}`), 204);

export const listCosts = async (admin: APIRequestContext) =>
  answered<{ id: number }[]>(await read(admin, '/api/admin/costs'), 200);

export const deleteCost = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/costs/${id}`), 204);

export const createMilestone = async (
  admin: APIRequestContext,
  milestone: Omit<Milestone, 'id' | 'amount' | 'experimentId'> & { amount?: string; experimentId?: number },
) => answered<Milestone>(await admin.post('/api/milestones', { data: milestone }), 201);

export const listMilestones = async (request: APIRequestContext) =>
  answered<Milestone[]>(await read(request, '/api/milestones'), 200);

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
  answered<Experiment[]>(await read(request, '/api/experiments'), 200);

export const createExperiment = async (
  admin: APIRequestContext,
  experiment: Pick<Experiment, 'title' | 'description' | 'status' | 'projectCount'> & {
    imageUrl?: string;
    story?: string;
  },
) => answered<Experiment>(await admin.post('/api/experiments', { data: experiment }), 201);

export const deleteExperiment = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.delete(`/api/admin/experiments/${id}`), 204);

/** Signs `email` up for the newsletter, as the landing page's form does. */
export const subscribe = async (request: APIRequestContext, email: string) =>
  expectStatus(await request.post('/api/subscribers', { data: { email, consent: true } }), 201);

/** Every subscriber (admin only; a tRPC query, there is no REST path for it). */
export const listSubscribers = async (admin: APIRequestContext) =>
  (await answered<{ result: { data: Subscriber[] } }>(await read(admin, '/api/trpc/subscribers.list'), 200))
    .result.data;

export const deleteSubscriber = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.post('/api/trpc/subscribers.delete', { data: { id } }), 200);

export const getSettings = async (request: APIRequestContext) =>
  answered<Settings>(await read(request, '/api/settings'), 200);

/** Saves the whole settings record as the admin; the saved record comes back. */
export const putSettings = async (admin: APIRequestContext, settings: SettingsInput) =>
  answered<Settings>(await admin.put('/api/admin/settings', { data: settings }), 200);

/** The answer of a tRPC query (GET /api/trpc/<path>), which has no REST path. */
const trpcQuery = async <T>(admin: APIRequestContext, path: string) =>
  (await answered<{ result: { data: T } }>(await read(admin, `/api/trpc/${path}`), 200)).result.data;

/** Saves a draft broadcast as the admin. */
export const createBroadcast = async (admin: APIRequestContext, draft: { subject: string; body: string }) =>
  answered<Broadcast>(await admin.post('/api/admin/broadcasts', { data: draft }), 201);

export const listBroadcasts = async (admin: APIRequestContext) =>
  answered<Broadcast[]>(await read(admin, '/api/admin/broadcasts'), 200);

export const deleteBroadcast = async (admin: APIRequestContext, id: number) =>
  expectStatus(await admin.post('/api/trpc/newsletter.delete', { data: { id } }), 200);

/** The messages kept instead of sent (no SMTP on the test servers), newest first. */
export const listOutbox = async (admin: APIRequestContext) =>
  trpcQuery<OutboxMessage[]>(admin, 'newsletter.outbox');

/** A tRPC mutation without input is posted as the web app does: a batch of one, with no input in it. */
export const clearOutbox = async (admin: APIRequestContext) =>
  expectStatus(await admin.post('/api/trpc/newsletter.clearOutbox?batch=1', { data: {} }), 200);

/** Waits for the outbox message to `recipient` whose subject matches, and returns it. */
export async function outboxMessage(admin: APIRequestContext, recipient: string, subject: RegExp) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await listOutbox(admin)).find(
          (message) => message.recipient === recipient && subject.test(message.subject),
        );
        return found !== undefined;
      },
      { message: `a message to ${recipient} with the subject ${subject} in the outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The confirmation link's token in a confirmation mail's plain text. */
export function confirmToken(message: OutboxMessage): string {
  const match = /\/newsletter\/confirm\?token=([^\s\]]+)/.exec(message.text);
  if (!match) throw new Error(`no confirmation link in: ${message.text}`);
  return decodeURIComponent(match[1]!);
}

/** Signs `email` up and confirms it with the token its confirmation mail carries, as a reader would. */
export async function subscribeConfirmed(admin: APIRequestContext, email: string) {
  await subscribe(admin, email);
  const mail = await outboxMessage(admin, email, /^Confirm your subscription/);
  await expectStatus(
    await admin.post('/api/subscribers/confirm', { data: { token: confirmToken(mail) } }),
    200,
  );
}
