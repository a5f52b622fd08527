import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { defaultSettings, effectivePrivacy } from '@journey/contracts';
import {
  countCorrections,
  getRevenueSummary,
  getSettings,
  listExperiments,
  listMilestones,
  publicVerification,
  revenueSeries,
} from '@journey/db';
import { renderMarkdown, splitLeadQuote } from '@journey/markdown';
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arenaFigures } from '../src/features/experiments/figures';
import {
  shownMetrics,
  shownSeries,
  shownSummary,
  shownVerification,
} from '../src/features/privacy/shown-figures';
import { revenueMetrics } from '../src/features/revenue/metrics';
import type { Meta } from '../src/trpc/init';
import { appRouter } from '../src/trpc/router';
import { ADMIN, call, fakeWebBuild, useAdminServer, ANSWERS_AND_RENDERS_ENTRY } from './helpers';
import { waitFor } from './support/http';

const READS = ['/', '/api/revenue', '/api/milestones', '/api/experiments'] as const;

const admin = useAdminServer({ env: { WEB_DIST_DIR: fakeWebBuild(ANSWERS_AND_RENDERS_ENTRY) } });
const { server } = admin;

/** What each read must show: computed from the database now, bypassing every cache. */
async function truth(url: (typeof READS)[number]): Promise<unknown> {
  // The metrics read only the database, the product name and the clock of the services.
  const services = { config: { productName: 'Unicorn' }, database: { db: server.db }, now: () => new Date() };
  const [
    revenueSummary,
    corrections,
    series,
    metrics,
    milestones,
    experiments,
    settings,
    verification,
    arena,
  ] = await Promise.all([
    getRevenueSummary(server.db),
    countCorrections(server.db),
    revenueSeries(server.db, 'all'),
    revenueMetrics(services as Parameters<typeof revenueMetrics>[0]),
    listMilestones(server.db),
    listExperiments(server.db),
    getSettings(server.db, defaultSettings({ productName: 'Unicorn', today: '2024-01-01' })),
    publicVerification(server.db),
    arenaFigures(services as Parameters<typeof arenaFigures>[0]),
  ]);
  const {
    story,
    legal: _legal,
    forecastTargetMonth: _target,
    setupDismissed: _dismissed,
    syncIntervalMinutes: _interval,
    privacy: chosen,
    ...site
  } = settings;
  // Each figure as the owner's privacy shows it (docs/decisions/083-privacy-per-figure.md).
  const privacy = effectivePrivacy(chosen);
  const { quote, body } = splitLeadQuote(story);
  const byUrl = {
    '/': {
      'auth.me': null,
      'revenue.summary': shownSummary(revenueSummary, privacy),
      'revenue.corrections': { corrections },
      'connections.verification': shownVerification(verification, privacy),
      'revenue.series': shownSeries(series, privacy),
      'revenue.metrics': shownMetrics(metrics, privacy),
      'milestones.list': milestones,
      'experiments.list': experiments,
      'experiments.arenaFigures': arena,
      'settings.site': site,
      'settings.story': {
        quoteHtml: quote === null ? null : renderMarkdown(quote),
        bodyHtml: renderMarkdown(body),
      },
    },
    '/api/revenue': shownSummary(revenueSummary, privacy),
    '/api/milestones': milestones,
    '/api/experiments': experiments,
  };
  return JSON.parse(JSON.stringify(byUrl[url]));
}

async function read(url: (typeof READS)[number]) {
  const response = await call(server.app, 'GET', url);
  expect(response.statusCode, url).toBe(200);
  const body =
    url === '/' ? JSON.parse(/<pre>(.*)<\/pre>/s.exec(response.body)?.[1] ?? 'null') : response.json();
  return { body, etag: response.headers.etag };
}

async function expectAllFresh(after: string) {
  for (const url of READS) expect((await read(url)).body, `${url} after ${after}`).toEqual(await truth(url));
}

const revenue = { amount: '1500.25', source: 'ai', description: 'A cached entry', date: '2025-02-01' };
const milestone = { title: 'First sale', description: 'The first paying user', date: '2025-02-01', day: 3 };
const experiment = {
  title: 'Cache test',
  description: 'An experiment to see',
  status: 'Active',
  projectCount: 2,
  imageUrl: '/images/placeholder.jpg',
};

describe('the public cache', () => {
  it('answers anonymous reads from one cached copy with an ETag, and 304 to a matching If-None-Match', async () => {
    for (const url of READS) {
      const first = await call(server.app, 'GET', url);
      const second = await call(server.app, 'GET', url);
      expect(first.headers['cache-control'], url).toBe('no-cache');
      expect(first.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(second.headers.etag, url).toBe(first.headers.etag);
      expect(second.body, url).toBe(first.body);
      const revalidated = await server.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.body, url).toBe('');
    }
  });

  it('never serves a read from before a write: each create, edit and delete shows at once', async () => {
    await expectAllFresh('start');
    const writes: [string, () => Promise<{ statusCode: number; json(): { id?: number } }>][] = [];
    const created: Record<string, number> = {};
    const create = (key: string, url: string, body: object) => async () => {
      const response = await admin.call('POST', url, body);
      created[key] = response.json().id!;
      return response;
    };
    writes.push(
      ['revenue create', create('revenue', '/api/revenue', revenue)],
      ['milestone create', create('milestone', '/api/milestones', milestone)],
      ['experiment create', create('experiment', '/api/experiments', experiment)],
      [
        'revenue edit',
        () => admin.call('PUT', `/api/admin/revenue/${created.revenue}`, { ...revenue, amount: '9.99' }),
      ],
      [
        'milestone edit',
        () => admin.call('PUT', `/api/admin/milestones/${created.milestone}`, { ...milestone, day: 9 }),
      ],
      [
        'experiment edit',
        () =>
          admin.call('PUT', `/api/admin/experiments/${created.experiment}`, {
            ...experiment,
            status: 'Flagship',
          }),
      ],
      ['revenue delete', () => admin.call('DELETE', `/api/admin/revenue/${created.revenue}`)],
      ['milestone delete', () => admin.call('DELETE', `/api/admin/milestones/${created.milestone}`)],
      ['experiment delete', () => admin.call('DELETE', `/api/admin/experiments/${created.experiment}`)],
      [
        'settings save',
        async () => {
          const settings = (await call(server.app, 'GET', '/api/settings')).json();
          return admin.call('PUT', '/api/admin/settings', {
            ...settings,
            story: '> Cached?\n\nNever stale.',
          });
        },
      ],
    );
    for (const [name, write] of writes) {
      const before = await read('/');
      const response = await write();
      expect(response.statusCode, name).toBeLessThan(300);
      await expectAllFresh(name);
      expect((await read('/')).etag, `the page's ETag changes with ${name}`).not.toBe(before.etag);
    }
  });

  it('stays fresh when reads and writes overlap', async () => {
    const reads = () => Promise.all(READS.map((url) => call(server.app, 'GET', url)));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        Promise.all([
          reads(),
          admin.call('POST', '/api/revenue', { ...revenue, amount: `${i + 1}.00` }),
          reads(),
        ]),
      ),
    );
    await expectAllFresh('20 overlapping writes');
  });

  it('shows every acknowledged write to the reads sent after its answer, while other writes are in flight', async () => {
    const total = async () => Number((await read('/api/revenue')).body.totalRevenue);
    const pageTotal = async () => Number((await read('/')).body['revenue.summary'].totalRevenue);
    const base = await total();
    let acknowledged = 0;
    const checks: Promise<void>[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const amount = i + 1;
        const response = await admin.call('POST', '/api/revenue', { ...revenue, amount: `${amount}.00` });
        expect(response.statusCode).toBe(201);
        acknowledged += amount;
        const atLeast = base + acknowledged;
        // Amounts are positive: a read that missed an acknowledged write shows less.
        checks.push(
          (async () => {
            const [api, page] = await Promise.all([total(), pageTotal(), reads()]);
            expect(api).toBeGreaterThanOrEqual(atLeast);
            expect(page).toBeGreaterThanOrEqual(atLeast);
          })(),
        );
      }),
    );
    await Promise.all(checks);
    await expectAllFresh('12 concurrent writes');

    function reads() {
      return Promise.all(READS.map((url) => call(server.app, 'GET', url)));
    }
  });

  it('keeps every cached answer on writes that change nothing public: sign-ups, logins, logouts', async () => {
    const renderCount = async () =>
      Number(/<output>(\d+)<\/output>/.exec((await call(server.app, 'GET', '/')).body)?.[1]);
    const etags = async () => Promise.all(READS.map(async (url) => (await read(url)).etag));
    const rendersBefore = await renderCount();
    const etagsBefore = await etags();

    const signUp = await call(server.app, 'POST', '/api/subscribers', {
      email: 'reader@example.com',
      consent: true,
    });
    expect(signUp.statusCode).toBe(201);
    const trpcSignUp = await call(server.app, 'POST', '/api/trpc/subscribers.subscribe', {
      email: 'other.reader@example.com',
      consent: true,
    });
    expect(trpcSignUp.statusCode).toBe(200);
    const login = await call(server.app, 'POST', '/api/login', {
      username: 'founder',
      password: ADMIN.password,
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === 'journey_session');
    const logout = await call(
      server.app,
      'POST',
      '/api/logout',
      undefined,
      `journey_session=${session?.value}`,
    );
    expect(logout.statusCode).toBe(204);

    // The same bytes, not rendered again.
    expect(await renderCount()).toBe(rendersBefore);
    expect(await etags()).toEqual(etagsBefore);

    // A write to what the pages show still drops them.
    const write = await admin.call('POST', '/api/revenue', { ...revenue, amount: '3.00' });
    expect(write.statusCode).toBe(201);
    expect(await renderCount()).toBe(rendersBefore + 1);
    const etagsAfter = await etags();
    expect(etagsAfter[READS.indexOf('/api/revenue')]).not.toBe(etagsBefore[READS.indexOf('/api/revenue')]);
    await expectAllFresh('a revenue write after the sign-ups');
  });

  it('names what every write changes: nothing public for accounts, sessions, subscribers and mail', () => {
    // At run time the map is flat, keyed by dotted paths (as the REST adapter reads it).
    const router: AnyRouter = appRouter;
    const procedures = router._def.procedures as Record<string, AnyProcedure>;
    const writes = Object.fromEntries(
      Object.entries(procedures)
        .filter(([, procedure]) => procedure._def.type === 'mutation')
        .map(([path, procedure]) => [path, (procedure._def.meta as Meta | undefined)?.changes]),
    );
    expect(writes).toEqual({
      'auth.changePassword': [],
      'auth.login': [],
      'auth.logout': [],
      'auth.register': [],
      'auth.secondFactor': [],
      'auth.passkeyOptions': [],
      'auth.passkey': [],
      'factors.enrollTotp': [],
      'factors.confirmTotp': [],
      'factors.removeTotp': [],
      'factors.setRequired': [],
      'factors.passkeys.registrationOptions': [],
      'factors.passkeys.add': [],
      'factors.passkeys.rename': [],
      'factors.passkeys.remove': [],
      'auth.sessions.end': [],
      'auth.sessions.endOthers': [],
      'auth.endSessionFromMail': [],
      'subscribers.delete': [],
      'subscribers.subscribe': [],
      'subscribers.confirm': [],
      'subscribers.unsubscribe': [],
      'subscribers.erase': [],
      'subscriberImports.create': [],
      'newsletter.create': [],
      'newsletter.update': [],
      // A sent broadcast is an issue of the public archive (decision 095).
      'newsletter.delete': ['newsletter'],
      'newsletter.send': ['newsletter'],
      'newsletter.sendTest': [],
      'newsletter.clearOutbox': [],
      'newsletterArchive.setVisibility': ['newsletter'],
      'newsletterAutomation.saveWelcome': [],
      'newsletterDigest.set': [],
      'newsletterDigest.draftNow': [],
      'revenue.create': ['revenues'],
      'revenue.update': ['revenues'],
      'revenue.delete': ['revenues'],
      'revenueImports.create': ['revenues'],
      'revenueImports.undo': ['revenues'],
      'revenue.undo': ['revenues'],
      'ledger.reveal': ['revenues'],
      'milestones.create': ['milestones'],
      'milestones.update': ['milestones'],
      'milestones.delete': ['milestones'],
      'experiments.create': ['experiments'],
      'experiments.update': ['experiments'],
      'experiments.delete': ['experiments'],
      'experiments.assignments.replace': ['experiments'],
      'settings.dismissSetup': ['settings'],
      'settings.update': ['settings'],
      'connections.connect': ['connections'],
      'connections.sync': ['connections'],
      'connections.disconnect': ['connections'],
      'connections.uploadRates': [],
      'connections.schedule': ['settings'],
      // Outgoing webhooks show nowhere public (decision 091).
      'webhooks.create': [],
      'webhooks.update': [],
      'webhooks.delete': [],
      'webhooks.resend': [],
      // A cost is an experiment's figure and a ledger row (decision 084).
      'costs.create': ['experiments', 'revenues'],
      'costs.update': ['experiments', 'revenues'],
      'costs.delete': ['experiments', 'revenues'],
      'costs.undo': ['experiments', 'revenues'],
      'costImports.create': ['experiments', 'revenues'],
      'costImports.undo': ['experiments', 'revenues'],
    });
  });

  it('drops on a write only the answers built from the table it changed', async () => {
    const created = await admin.call('POST', '/api/milestones', { ...milestone, title: 'Quiet 0' });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    // The sitemap names each milestone by its title's slug ("Quiet 3" → quiet-3); the feeds carry the
    // ledger's head too, so a revenue write rebuilds them.
    const sitemap = async () => (await call(server.app, 'GET', '/sitemap.xml')).body;
    const slugOf = (title: string) => title.toLowerCase().replace(' ', '-');
    const milestoneTitles = async () =>
      ((await read('/api/milestones')).body as { title: string }[]).map(({ title }) => title);

    // Changes no notification announces (triggers off): only a dropped answer can show them. Repeated
    // until the cache keeps both answers, so that the create's own notification (asynchronous on
    // PostgreSQL) has come and gone.
    let quiet = 0;
    const changeQuietly = async () => {
      quiet += 1;
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update milestones set title = ${`Quiet ${quiet}`} where id = ${id}`);
      });
    };
    await waitFor('the milestone answers served from the cache', async () => {
      await milestoneTitles();
      await sitemap();
      await changeQuietly();
      const kept = `Quiet ${quiet - 1}`;
      if ((await milestoneTitles()).includes(kept) && (await sitemap()).includes(slugOf(kept))) return true;
      // The notification fell between the two reads and left only one of them cached: a write drops both.
      const title = `Quiet ${quiet}`;
      await admin.call('PUT', `/api/admin/milestones/${id}`, { ...milestone, title });
      return false;
    });
    const cached = `Quiet ${quiet - 1}`;
    expect(await sitemap()).toContain(slugOf(cached));
    const badgeBefore = (await call(server.app, 'GET', '/badge.svg')).body;

    // A revenue write: the revenue answers are built afresh, the milestone answers stay as they were.
    const write = await admin.call('POST', '/api/revenue', { ...revenue, amount: '7.00' });
    expect(write.statusCode).toBe(201);
    expect((await read('/api/revenue')).body).toEqual(await truth('/api/revenue'));
    expect((await call(server.app, 'GET', '/badge.svg')).body).not.toBe(badgeBefore);
    // Its notifications (revenues, revenue_totals) arrive too, and drop no milestone answer either.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await milestoneTitles()).toContain(cached);
    expect(await sitemap()).toContain(slugOf(cached));

    // A milestone write drops them.
    const other = await admin.call('POST', '/api/milestones', milestone);
    expect(other.statusCode).toBe(201);
    expect(await milestoneTitles()).toContain(`Quiet ${quiet}`);
    expect(await sitemap()).toContain(slugOf(`Quiet ${quiet}`));
    await expectAllFresh('a milestone write');
  });

  it("keeps a signed-in visitor's page out of the shared copy", async () => {
    const mine = await admin.call('GET', '/');
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.body).toContain('"username":"founder"');
    const anonymous = await call(server.app, 'GET', '/');
    expect(anonymous.body).toContain('"auth.me":null');
    expect(anonymous.body).not.toContain('"username"');
    const adminRead = await admin.call('GET', '/api/revenues/all');
    expect(adminRead.headers['cache-control']).toBe('no-store');
  });

  it('compresses the answers with brotli or gzip as the client accepts', async () => {
    const plain = await call(server.app, 'GET', '/api/experiments');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/experiments',
        headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
      });
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString(), encoding).toBe(plain.body);
    }
  });
});
