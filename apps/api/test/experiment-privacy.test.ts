/**
 * The owner's privacy for the experiments' figures (docs/decisions/083-privacy-per-figure.md): exact,
 * as bands, or hidden, never more exact than the total, wherever they leave the server: an
 * experiment's figures, the arena's cards, the experiment's page (its API read and its HTML) and its
 * preview image. A ranged or hidden figure's exact amount appears nowhere, in any spelling. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import { AMOUNT_BAND_RULE, formatMoney, type PrivacyLevel } from '@journey/contracts';
import { schema } from '@journey/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { experimentOgImageTree } from '../src/features/preview-image/og-image';
import { call, fakeWebBuild, useAdminServer } from './helpers';

/** The web app's real server entry, from its sources: the /lab page as production renders it. */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');

const NOW = new Date('2026-03-20T12:00:00.000Z');
const admin = useAdminServer({
  now: () => NOW,
  env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
});

/** Every amount the experiment has, to date and by month: none may leave the server unless exact. */
const EXACT_AMOUNTS = ['12345.67', '2345.10', '10000.57', '12000.00', '345.67'];

/**
 * Each amount as JSON, a page or a picture might write it: "12345.67", "12,345.67" (so "$12,345.67"
 * and "−$12,345.67" too) and a number's own "2345.1".
 */
const spellings = (amount: string) => [
  amount,
  formatMoney(amount).slice(1),
  ...(/\.\d*[1-9]$/.test(String(Number(amount))) ? [String(Number(amount))] : []),
];

function expectNoExactAmount(body: string, where: string) {
  for (const amount of EXACT_AMOUNTS)
    for (const spelling of spellings(amount)) expect(body, `${spelling} in ${where}`).not.toContain(spelling);
}

/** Every string the preview image draws. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  const children = (node as { props?: { children?: unknown } }).props?.children;
  return children === undefined ? [] : texts(children);
}

async function setPrivacy(level: PrivacyLevel, total: PrivacyLevel = 'exact') {
  const settings = (await call(admin.server.app, 'GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', {
    ...settings,
    privacy: { ...settings.privacy, experiments: level, total },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const get = async (url: string) => {
  const response = await call(admin.server.app, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
};

/** Every answer that carries the experiment's figures: its own, the arena's, its page's read and its page. */
async function everyAnswer() {
  const [figures, arena, detail, page] = await Promise.all([
    get(`/api/experiments/${slug}/figures`),
    get('/api/arena/figures'),
    get(`/api/experiments/${slug}`),
    get(`/lab/${slug}`),
  ]);
  const bodies = { figures: figures.body, arena: arena.body, detail: detail.body, page: page.body };
  for (const [where, body] of Object.entries(bodies)) expectNoExactAmount(body, where);
  const picture = texts(
    experimentOgImageTree({
      siteName: 'Solo',
      experiment: detail.json().experiment,
      figures: figures.json(),
    }),
  );
  expectNoExactAmount(picture.join(' '), 'the preview image');
  return { figures: figures.json(), arena: arena.json(), detail: detail.json(), bodies, picture };
}

let slug = '';
let experimentId = 0;

beforeAll(async () => {
  const { db } = admin.server;
  const experiment = (
    await admin.create('/api/experiments', {
      title: 'Private money',
      description: 'An experiment whose owner chooses how its money shows.',
      status: 'Active',
      projectCount: 1,
    })
  ).json();
  ({ slug, id: experimentId } = experiment);
  // Two providers' entries, assigned to the experiment by hand.
  const entry = {
    source: 'ai' as const,
    description: 'Private money entry',
    provenance: 'sync' as const,
    experimentId,
  };
  await db.insert(schema.revenues).values([
    {
      ...entry,
      amount: '12000.00',
      date: new Date('2026-01-10T00:00:00Z'),
      provider: 'stripe',
      externalId: 'ch_p1',
    },
    {
      ...entry,
      amount: '345.67',
      date: new Date('2026-03-01T00:00:00Z'),
      provider: 'polar',
      externalId: 'or_p2',
    },
  ]);
  await admin.create('/api/admin/costs', {
    amount: '2345.10',
    date: '2026-02-14',
    category: 'ai-models',
    description: 'Model tokens',
    experimentId,
  });
});

describe('the experiments’ figures, as the owner shows them', () => {
  it('are exact by default: amounts, months, and the cards alike', async () => {
    const exact = (amount: string) => ({ amount, range: null });
    expect((await get(`/api/experiments/${slug}/figures`)).json()).toEqual({
      slug,
      privacy: 'exact',
      revenue: exact('12345.67'),
      costs: exact('2345.10'),
      profit: exact('10000.57'),
      months: [
        { month: '2026-01', revenue: '12000.00', costs: '0.00', profit: '12000.00' },
        { month: '2026-02', revenue: '0.00', costs: '2345.10', profit: '-2345.10' },
        { month: '2026-03', revenue: '345.67', costs: '0.00', profit: '345.67' },
      ],
      bandRule: null,
    });
    const arena = (await get('/api/arena/figures')).json();
    expect(arena).toMatchObject({ privacy: 'exact', bandRule: null });
    expect(arena.experiments.find((card: { slug: string }) => card.slug === slug)).toEqual({
      experimentId,
      slug,
      revenue: exact('12345.67'),
      costs: exact('2345.10'),
      profit: exact('10000.57'),
    });
    // Every experiment has its card's figures, zero without money, in the arena's order.
    const experiments = (await get('/api/experiments')).json() as { id: number }[];
    expect(arena.experiments.map((card: { experimentId: number }) => card.experimentId)).toEqual(
      experiments.map((experiment) => experiment.id),
    );
    expect(arena.experiments[0].profit).toEqual(exact('0.00'));
    const detail = (await get(`/api/experiments/${slug}`)).json();
    expect(detail.figures.revenue).toEqual(exact('12345.67'));
    expect(detail.figures.months).toHaveLength(3);
  });

  it('as ranges: the bands to date and the rule, no months, and no exact amount anywhere', async () => {
    // The exact answers are cached: the settings' change must rebuild each of them.
    await setPrivacy('range');
    const band = (range: string) => ({ amount: null, range });
    const { figures, arena, detail, bodies, picture } = await everyAnswer();
    expect(figures).toEqual({
      slug,
      privacy: 'range',
      revenue: band('$10k–$25k'),
      costs: band('$1k–$2.5k'),
      profit: band('$10k–$25k'),
      months: [],
      bandRule: AMOUNT_BAND_RULE,
    });
    expect(arena).toMatchObject({ privacy: 'range', bandRule: AMOUNT_BAND_RULE });
    expect(arena.experiments.find((card: { slug: string }) => card.slug === slug)).toMatchObject({
      revenue: band('$10k–$25k'),
    });
    expect(detail.figures).toEqual(figures);
    expect(bodies.page).toContain('$10k–$25k');
    expect(picture).toEqual(expect.arrayContaining(['$10k–$25k']));
    const png = await call(admin.server.app, 'GET', `/lab/${slug}/og.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('hidden: no amount, no band, no months, and the page says the owner keeps them private', async () => {
    await setPrivacy('hidden');
    const none = { amount: null, range: null };
    const { figures, arena, bodies, picture } = await everyAnswer();
    expect(figures).toEqual({
      slug,
      privacy: 'hidden',
      revenue: none,
      costs: none,
      profit: none,
      months: [],
      bandRule: null,
    });
    for (const card of arena.experiments)
      expect(card).toMatchObject({ revenue: none, costs: none, profit: none });
    expect(bodies.page).toContain('keeps this experiment’s figures private');
    for (const [where, body] of Object.entries(bodies)) expect(body, where).not.toContain('$10k–$25k');
    expect(picture).toContain('Figures kept private by the owner.');

    // Shown exactly but the total hidden: the experiments' revenue adds up to the total, so it hides too.
    await setPrivacy('exact', 'hidden');
    expect((await everyAnswer()).figures).toMatchObject({ privacy: 'hidden', revenue: none, months: [] });

    // Back to exact, the amounts return at once.
    await setPrivacy('exact');
    expect((await get(`/api/experiments/${slug}/figures`)).json().revenue).toEqual({
      amount: '12345.67',
      range: null,
    });
  });

  it('are described in the OpenAPI document, with the arena’s read', async () => {
    const document = (await get('/api/openapi.json')).json();
    const schemaOf = (path: string) =>
      document.paths[path].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schemaOf('/experiments/{slug}/figures').properties)).toEqual(
      expect.arrayContaining(['privacy', 'revenue', 'costs', 'profit', 'months', 'bandRule']),
    );
    expect(Object.keys(schemaOf('/arena/figures').properties)).toEqual([
      'privacy',
      'bandRule',
      'experiments',
    ]);
  });
});
