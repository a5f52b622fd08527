import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, BrowserContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { ADMIN, expect, test as base } from './fixtures';
import {
  adminTab,
  deleteMilestone,
  deleteRevenue,
  deleteSubscriber,
  listExperiments,
  listMilestones,
  listRevenue,
  listSubscribers,
  type Experiment,
} from './support';

/**
 * The admin panel's specs run on a server of their own, started once per worker on a new
 * embedded database, with its own `founder` admin registered through the API. The main server
 * is shared by every spec, and the project's fresh server must keep its first registration and
 * its empty tables for fresh-database.spec.ts; a private one gives these specs a database whose
 * every row they know, whatever ran before. Before each test the data goes back to the state of
 * a fresh database: no revenue, milestones or subscribers, and the five seeded experiments.
 */

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiMain = path.resolve(webDir, '../api/dist/main.js');

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

interface AdminServer {
  baseURL: string;
  /** The session cookie(s) of the admin registered on it. */
  cookies: Cookies;
  /** The experiments the database was seeded with, as they were at start. */
  seeded: Experiment[];
}

interface AdminTestFixtures {
  /** The test's page, signed in as the admin of the private server. */
  adminPage: Page;
  /** API calls to the private server as its admin. */
  api: APIRequestContext;
  /** Puts the data back to a fresh database's before the test (automatic). */
  freshData: undefined;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the admin test server exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the admin test server did not answer /healthz within 60 s:\n${output()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Deletes what the tests add and restores the seeded experiments if one was changed. */
async function resetData(api: APIRequestContext, seeded: Experiment[]) {
  for (const entry of await listRevenue(api)) await deleteRevenue(api, entry.id);
  for (const milestone of await listMilestones(api)) await deleteMilestone(api, milestone.id);
  for (const subscriber of await listSubscribers(api)) await deleteSubscriber(api, subscriber.id);
  const current = await listExperiments(api);
  for (const experiment of current) {
    const original = seeded.find((candidate) => candidate.id === experiment.id);
    if (!original) {
      const response = await api.delete(`/api/admin/experiments/${experiment.id}`);
      expect(response.status(), await response.text()).toBe(204);
    } else if (JSON.stringify(original) !== JSON.stringify(experiment)) {
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

/** A server of its own: the production build on a new embedded database, its admin signed in. */
export interface PrivateServer {
  baseURL: string;
  /** The session cookie(s) of the `founder` admin registered on it through the API. */
  cookies: Cookies;
  /** Stops the server and removes its database. */
  stop: () => Promise<void>;
}

/** Starts a production server on a new embedded database and registers the `founder` admin on it. */
export async function startAdminServer(
  playwright: PlaywrightWorkerArgs['playwright'],
): Promise<PrivateServer> {
  const runDir = process.env.JOURNEY_E2E_RUN_DIR;
  const dataDir = mkdtempSync(path.join(runDir ?? tmpdir(), 'admin-db-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [apiMain], {
    cwd: webDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: 'e2e-admin-session-secret-that-is-long-enough-0123',
      SITE_PRODUCT_NAME: 'Unicorn',
      ALLOW_REGISTRATION: 'false',
      TRUST_PROXY: 'false',
      WEB_DIST_DIR: path.join(webDir, 'dist'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Should the worker die without its teardown, the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stopServer = async () => {
    process.off('exit', killOnExit);
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await waitForHealth(baseURL, child, () => output);
    const api = await playwright.request.newContext({ baseURL });
    const registered = await api.post('/api/register', { data: ADMIN });
    expect(registered.status(), `register answered: ${await registered.text()}`).toBe(201);
    const cookies = (await api.storageState()).cookies;
    await api.dispose();
    return { baseURL, cookies, stop: stopServer };
  } catch (error) {
    await stopServer();
    throw error;
  }
}

export const test = base.extend<AdminTestFixtures, { adminServer: AdminServer }>({
  adminServer: [
    async ({ playwright }, use) => {
      const server = await startAdminServer(playwright);
      try {
        const api = await playwright.request.newContext({ baseURL: server.baseURL });
        const seeded = await listExperiments(api);
        await api.dispose();
        await use({ baseURL: server.baseURL, cookies: server.cookies, seeded });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ adminServer }, use) => use(adminServer.baseURL),

  api: async ({ playwright, adminServer }, use) => {
    const api = await playwright.request.newContext({
      baseURL: adminServer.baseURL,
      storageState: { cookies: adminServer.cookies, origins: [] },
    });
    await use(api);
    await api.dispose();
  },

  freshData: [
    async ({ api, adminServer }, use) => {
      await resetData(api, adminServer.seeded);
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

/** The four tabs of the Data Management card: `?tab=` value → tab label, table caption, row noun. */
export const ADMIN_TABS = {
  milestones: { label: 'Milestones', caption: 'Milestones', noun: 'milestone' },
  revenue: { label: 'Revenue', caption: 'Revenue entries', noun: 'revenue entry' },
  experiments: { label: 'Experiments', caption: 'Experiments', noun: 'experiment' },
  subscribers: { label: 'Subscribers', caption: 'Subscribers', noun: 'subscriber' },
} as const;
export type AdminTabKey = keyof typeof ADMIN_TABS;

export const tabOf = (page: Page, key: AdminTabKey) =>
  adminTab(page, ADMIN_TABS[key].label, ADMIN_TABS[key].caption, ADMIN_TABS[key].noun);

/**
 * Opens /admin on `key`'s tab and waits for its rows: the table loads in the browser (the server
 * renders only the spinner), so once the row count shows, the page is hydrated and answers clicks.
 */
export async function openAdminTab(page: Page, key: AdminTabKey) {
  await page.goto(`/admin?tab=${key}`);
  const tab = tabOf(page, key);
  await expect(tab.tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab.rowCount).toBeVisible();
  return tab;
}

/**
 * Deletes the row through the confirmation: Cancel first (the row stays), then Delete (it goes).
 * Focus then lands on the table's container, inside the tab panel, not on the page body.
 */
export async function deleteThroughDialog(page: Page, key: AdminTabKey, rowLabel: string) {
  const tab = tabOf(page, key);
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });

  await tab.remove(rowLabel).click();
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByText(
      `This will permanently delete this ${ADMIN_TABS[key].noun}. This action cannot be undone.`,
      { exact: true },
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.remove(rowLabel), 'Cancel keeps the row').toBeVisible();

  await tab.remove(rowLabel).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(tab.remove(rowLabel)).toHaveCount(0);
  await expect
    .poll(
      () =>
        tab.panel.evaluate((panel) => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'body';
          return panel.contains(active) ? 'in the tab panel' : `outside: ${active.outerHTML.slice(0, 120)}`;
        }),
      { message: 'after the delete, focus is on the table, inside the tab panel' },
    )
    .toBe('in the tab panel');
}
