import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { providePrivateServer, signedInRequest, type Cookies } from './private-server';
import {
  clearOutbox,
  deleteBroadcast,
  deleteCost,
  deleteExperiment,
  deleteMilestone,
  deleteRevenue,
  deleteSubscriber,
  getSettings,
  listBroadcasts,
  listCosts,
  listExperiments,
  listMilestones,
  listRevenue,
  listSubscribers,
  expectStatus,
  putSettings,
  type Experiment,
  type Settings,
} from './records';

/**
 * The admin panel's specs run on a server of their own, started once per worker on a new
 * embedded database, with its own `founder` admin registered through the API. The main server
 * is shared by every spec, and the project's fresh server must keep its first registration and
 * its empty tables for fresh-database.spec.ts; a private one gives these specs a database whose
 * every row they know, whatever ran before. Before each test the data goes back to the state of
 * a fresh database: no revenue, costs, milestones, subscribers or broadcasts, an empty outbox, and the five
 * seeded experiments.
 */

interface AdminServer {
  baseURL: string;
  /** The session cookie(s) of the admin registered on it. */
  cookies: Cookies;
  /** The experiments the database was seeded with, as they were at start. */
  seeded: Experiment[];
  /** The settings of the new database: every test starts from them. */
  settings: Settings;
}

interface AdminTestFixtures {
  /** The test's page, signed in as the admin of the private server. */
  adminPage: Page;
  /** API calls to the private server as its admin. */
  api: APIRequestContext;
  /** Puts the data back to a fresh database's before the test (automatic). */
  freshData: undefined;
}

/** Deletes what the tests add and restores the seeded experiments and the settings if one was changed. */
async function resetData(api: APIRequestContext, seeded: Experiment[], settings: Settings) {
  if (JSON.stringify(await getSettings(api)) !== JSON.stringify(settings)) await putSettings(api, settings);
  for (const entry of await listRevenue(api)) await deleteRevenue(api, entry.id);
  // A cost left on a seeded experiment would show as that experiment's money in the next test.
  for (const cost of await listCosts(api)) await deleteCost(api, cost.id);
  for (const milestone of await listMilestones(api)) await deleteMilestone(api, milestone.id);
  for (const subscriber of await listSubscribers(api)) await deleteSubscriber(api, subscriber.id);
  // Deleting a broadcast or a subscriber drops its queued mail, so the outbox stays empty once cleared.
  for (const broadcast of await listBroadcasts(api)) await deleteBroadcast(api, broadcast.id);
  await clearOutbox(api);
  const current = await listExperiments(api);
  for (const experiment of current) {
    const original = seeded.find((candidate) => candidate.id === experiment.id);
    if (!original) await deleteExperiment(api, experiment.id);
    else if (JSON.stringify(original) !== JSON.stringify(experiment)) {
      const { id, createdAt: _createdAt, ...record } = original;
      const response = await api.put(`/api/admin/experiments/${id}`, { data: record });
      expect(response.status(), await response.text()).toBe(200);
    }
  }
  expect(
    (await listExperiments(api)).map((experiment) => experiment.id),
    'the seeded experiments are all still there',
  ).toEqual(seeded.map((experiment) => experiment.id));
}

export const test = base.extend<AdminTestFixtures, { adminServer: AdminServer }>({
  adminServer: [
    ({ playwright }, use) =>
      providePrivateServer(playwright, async (server) => {
        const api = await signedInRequest(playwright, server);
        // These specs see the panel as a settled admin does: the setup checklist has its own spec
        // (fresh-database.spec.ts), on the project's fresh server.
        await expectStatus(await api.post('/api/admin/setup/dismiss'), 200);
        const seeded = await listExperiments(api);
        const settings = await getSettings(api);
        await api.dispose();
        await use({ baseURL: server.baseURL, cookies: server.cookies, seeded, settings });
      }),
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ adminServer }, use) => use(adminServer.baseURL),

  api: async ({ playwright, adminServer }, use) => {
    const api = await signedInRequest(playwright, adminServer);
    await use(api);
    await api.dispose();
  },

  freshData: [
    async ({ api, adminServer }, use) => {
      await resetData(api, adminServer.seeded, adminServer.settings);
      await use(undefined);
    },
    { auto: true },
  ],

  adminPage: async ({ context, page, adminServer }, use) => {
    await context.addCookies(adminServer.cookies);
    await use(page);
  },
});

export { expect };
