/**
 * The privacy walk (docs/decisions/083-privacy-per-figure.md): with the owner's figures shown as
 * ranges, then hidden, every public output — each public GET of the OpenAPI document, the open-data
 * files, the badge, the feeds and sitemap, the preview images' text, and every page's HTML with the
 * state it embeds — is searched for the exact figures in every spelling a page, a JSON file or a CSV
 * might use. Shown exactly, the same walk finds them: the search can fail. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import {
  AMOUNT_BAND_RULE,
  ARCHIVE_PATHS,
  BADGE_PATH,
  BADGE_STYLES,
  BADGE_THEMES,
  EMBED_CHART_PATH,
  EMBED_PERIODS,
  EMBED_PROGRESS_PATH,
  EMBED_THEMES,
  FEED_PATHS,
  formatMoney,
  LEGAL_PAGES,
  milestonePath,
  OPEN_DATA_PATHS,
  type PrivacyLevel,
  type PrivacySettings,
  SHIELDS_FIGURES,
  shieldsPath,
} from '@journey/contracts';
import { schema, storeSubscriptionPeriods } from '@journey/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, fakeWebBuild, useAdminServer } from './helpers';

/** The text every preview image draws, as satori receives it. */
const drawn = vi.hoisted(() => [] as string[]);
vi.mock('satori', async (original) => {
  const satori = ((await original()) as { default: (...args: unknown[]) => Promise<string> }).default;
  return {
    default: (element: unknown, options: unknown) => {
      drawn.push(JSON.stringify(element));
      return satori(element, options);
    },
  };
});

const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');
const NOW = new Date('2026-11-15T12:00:00.000Z');
const admin = useAdminServer({
  now: () => NOW,
  env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
});

/** Two entries in two months and sources, so the total, each source and each month is a figure of its own. */
const AI = { amount: '7531.29', source: 'ai', description: 'Arena client work', date: '2026-09-14' };
const PASSIVE = { amount: '4814.38', source: 'passive', description: 'Template sales', date: '2026-10-03' };
const TOTAL = '12345.67';
const COST = '321.09';
const PROFIT = '7210.20';
const MRR = '123.45';
const ARR = '1481.40';
const EXACT = [TOTAL, AI.amount, PASSIVE.amount, COST, PROFIT, MRR, ARR];

/** "12345.67", "12,345.67" (so "$12,345.67" too) and a number's own "1481.4". */
const spellings = (amount: string) => [
  ...new Set([amount, formatMoney(amount).slice(1), String(Number(amount))]),
];

const SLUG = 'template-shop';
let milestoneRef = '';

async function setPrivacy(privacy: PrivacySettings) {
  const settings = (await call(admin.server.app, 'GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', { ...settings, privacy });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A path with its parameters filled in with the walk's own records. */
function filled(pathTemplate: string): string {
  return pathTemplate
    .replace('{slug}', SLUG)
    .replace(':slug', SLUG)
    .replace('{id}', milestoneRef.split('-')[0] ?? '1')
    .replace(':ref', milestoneRef)
    .replace('{page}', LEGAL_PAGES[0].key);
}

/** Every public output, each as the text a reader (or a crawler, or a script) receives. */
async function walk(): Promise<Map<string, string>> {
  const app = admin.server.app;
  const bodies = new Map<string, string>();
  const read = async (url: string, options: { allow404?: boolean } = {}) => {
    const response = await call(app, 'GET', url);
    if (options.allow404 && response.statusCode >= 400) return;
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(400);
    bodies.set(url, String(response.headers['content-type']).includes('image/png') ? '' : response.body);
  };
  // The REST API: every GET the document lists, as a visitor calls it (no session).
  const document = (await call(app, 'GET', '/api/openapi.json')).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  for (const [route, methods] of Object.entries(document.paths)) {
    if (!methods.get || route.startsWith('/admin')) continue;
    const response = await call(app, 'GET', `/api${filled(route)}`);
    // A read that needs the owner (a 401) is no public output.
    if (response.statusCode === 401) continue;
    expect(response.statusCode, `${route}: ${response.body.slice(0, 200)}`).toBe(200);
    bodies.set(`/api${filled(route)}`, response.body);
  }
  for (const range of ['30d', '90d', '1y', 'all']) await read(`/api/revenue/series?range=${range}`);
  for (const file of Object.values(OPEN_DATA_PATHS)) await read(file);
  for (const theme of BADGE_THEMES)
    for (const style of BADGE_STYLES) await read(`${BADGE_PATH}?theme=${theme}&style=${style}`);
  for (const feed of Object.values(FEED_PATHS)) await read(feed);
  // The newsletter archive's feed (docs/decisions/095-newsletter-archive.md).
  await read(ARCHIVE_PATHS.feed);
  // The widgets and badges people paste on other sites (docs/decisions/092-embeds-and-shields.md).
  await read(EMBED_PROGRESS_PATH);
  for (const period of EMBED_PERIODS)
    for (const theme of EMBED_THEMES) await read(`${EMBED_CHART_PATH}?period=${period}&theme=${theme}`);
  for (const figure of SHIELDS_FIGURES) await read(shieldsPath(figure));
  await read('/sitemap.xml');
  // The preview images: what they draw is recorded as satori receives it.
  drawn.length = 0;
  await read(`/milestones/${milestoneRef.split('-')[0]}/og.png`);
  await read(`/lab/${SLUG}/og.png`);
  await read(`/newsletter/${SLUG}/og.png`);
  bodies.set('preview images', drawn.join('\n'));
  // Every page, its HTML with the attributes and the state it embeds for hydration.
  const { pages } = (await import(WEB_ENTRY)) as { pages: readonly { path: string }[] };
  for (const page of pages) await read(filled(page.path), { allow404: page.path.startsWith('/newsletter') });
  return bodies;
}

/** Each exact figure found, as "amount: spelling in where". */
function found(bodies: Map<string, string>, amounts: readonly string[] = EXACT): string[] {
  return [...bodies].flatMap(([where, body]) =>
    amounts.flatMap((amount) =>
      spellings(amount)
        .filter((spelling) => body.includes(spelling))
        .map((spelling) => `${amount}: ${spelling} in ${where}`),
    ),
  );
}

beforeAll(async () => {
  const experiment = await admin.create('/api/experiments', {
    title: 'Template Shop',
    description: 'Notion templates written with AI, sold by the dozen.',
    status: 'Active',
    projectCount: 3,
    imageUrl: '',
    slug: SLUG,
  });
  const experimentId = experiment.json().id as number;
  for (const entry of [AI, PASSIVE]) await admin.create('/api/revenue', entry);
  // The AI work is the experiment's, by hand.
  await admin.server.db
    .update(schema.revenues)
    .set({ experimentId })
    .where(eq(schema.revenues.amount, AI.amount));
  await admin.create('/api/admin/costs', {
    amount: COST,
    date: '2026-10-20',
    category: 'ai-models',
    description: 'Model usage for the templates',
    experimentId,
  });
  await storeSubscriptionPeriods(
    admin.server.db,
    'stripe',
    [
      {
        externalId: 'il_walk_1',
        subscriptionId: 'sub_walk',
        customerId: 'cus_walk',
        productId: 'prod_walk',
        priceId: 'price_walk',
        periodStart: new Date('2026-11-01T00:00:00Z'),
        periodEnd: new Date('2026-12-01T00:00:00Z'),
        amount: MRR,
        currency: 'USD',
        intervalUnit: 'month',
        intervalCount: 1,
      },
    ],
    NOW,
  );
  const milestone = await admin.create('/api/milestones', {
    title: 'First template sold',
    description: 'A stranger paid for something I made with AI.',
    date: '2026-09-14',
    day: 20,
    isRevenue: 0,
  });
  milestoneRef = milestonePath(milestone.json()).split('/').at(-1) ?? '';
  // An issue of the newsletter archive, at the walk's slug: the owner's words, no figure added (decision 095).
  await admin.server.db.insert(schema.broadcasts).values({
    subject: 'Template Shop, week one',
    body: 'The first templates are up for sale.',
    status: 'sent',
    sentAt: NOW,
    slug: SLUG,
  });
}, 60_000);

/** Every figure at one level. */
const every = (level: PrivacyLevel): PrivacySettings => ({
  total: level,
  bySource: level,
  monthly: level,
  mrr: level,
  experiments: level,
});

/** The walk's bodies under `privacy`, with the band rule's own examples of bands taken out. */
async function walkWith(privacy: PrivacySettings): Promise<Map<string, string>> {
  await setPrivacy(privacy);
  const rule = [JSON.stringify(AMOUNT_BAND_RULE).slice(1, -1), AMOUNT_BAND_RULE];
  const bodies = await walk();
  return new Map(
    [...bodies].map(([where, body]) => [where, rule.reduce((text, form) => text.replaceAll(form, ''), body)]),
  );
}

const TOTAL_BAND = '$10k–$25k';

describe('the privacy walk', () => {
  it('finds every exact figure when the owner shows them exactly: the search works', async () => {
    const shown = found(await walkWith(every('exact')));
    for (const amount of EXACT) expect(shown.filter((line) => line.startsWith(`${amount}:`))).not.toEqual([]);
  }, 120_000);

  it('finds no exact figure anywhere with every figure shown as a range, and the bands instead', async () => {
    const bodies = await walkWith(every('range'));
    expect(found(bodies)).toEqual([]);
    for (const where of ['/api/revenue', '/', `${BADGE_PATH}?theme=light&style=flat`])
      expect(bodies.get(where), where).toContain(TOTAL_BAND);
  }, 120_000);

  it('finds no exact figure anywhere with every figure hidden, and no band either', async () => {
    const bodies = await walkWith(every('hidden'));
    expect(found(bodies)).toEqual([]);
    for (const [where, body] of bodies) expect(body, where).not.toContain(TOTAL_BAND);
  }, 120_000);

  it('hides the total and whatever adds up to it, while the figures left exact stay exact', async () => {
    // Sources and months would give a hidden total away; MRR is a figure of its own.
    const bodies = await walkWith({ ...every('exact'), total: 'hidden' });
    expect(found(bodies, [TOTAL, AI.amount, PASSIVE.amount, COST, PROFIT])).toEqual([]);
    expect(found(bodies, [MRR])).not.toEqual([]);
  }, 120_000);
});
