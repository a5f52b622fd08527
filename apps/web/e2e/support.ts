import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The product name the e2e servers run with (SITE_PRODUCT_NAME). */
export const PRODUCT = 'Unicorn';

export const HEADLINE = `This is the moment I decided to become the first solo AI-powered ${PRODUCT}.`;
export const SUBTEXT = 'Using artificial intelligence to level the playing field and build an empire of one.';

/** The sticky header's height and the scroll padding under it (global.css). */
export const HEADER_HEIGHT = 64;
export const SCROLL_OFFSET = HEADER_HEIGHT + 16;

export type RevenueSource = 'ai' | 'passive' | 'consulting';

export const SOURCE_LABELS: Record<RevenueSource, string> = {
  ai: 'AI Projects',
  passive: 'Passive Income',
  consulting: 'Consulting',
};

export interface RevenueSummary {
  totalRevenue: string;
  bySource: Record<RevenueSource, string>;
}

export interface RevenueEntry {
  id: number;
  amount: string;
  source: RevenueSource;
  description: string;
  date: string;
}

export interface Milestone {
  id: number;
  title: string;
  description: string;
  date: string;
  day: number;
  isRevenue: 0 | 1;
  amount: string | null;
}

/** A decimal string ("1234.5") as whole cents, exactly. */
export function toCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** Cents as dollars with thousands separators: 123450n → "$1,234.50". */
export function formatCents(cents: bigint): string {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** A decimal string as the page shows it: "1234.5" → "$1,234.50". */
export const money = (amount: string) => formatCents(toCents(amount));

/** The tracker's share of $1,000,000,000 for a decimal-string total ("0%", "0.75%", "1.2e-6%"). */
export function percentOfTarget(amount: string): string {
  const percent = Math.min(1, Number(amount) / 1_000_000_000) * 100;
  if (percent === 0) return '0%';
  if (percent < 0.01) return `${percent.toPrecision(2)}%`;
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** Cents back to a decimal string: 123450n → "1234.50". */
export const centsToDecimal = (cents: bigint) =>
  `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

export async function revenueSummary(request: APIRequestContext): Promise<RevenueSummary> {
  const response = await request.get('/api/revenue');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as RevenueSummary;
}

export async function createRevenue(
  admin: APIRequestContext,
  entry: { amount: string; source: RevenueSource; description: string; date?: string },
): Promise<RevenueEntry> {
  const response = await admin.post('/api/revenue', { data: { date: '2024-01-15', ...entry } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as RevenueEntry;
}

export async function listRevenue(admin: APIRequestContext): Promise<RevenueEntry[]> {
  const response = await admin.get('/api/revenues/all');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as RevenueEntry[];
}

export async function deleteRevenue(admin: APIRequestContext, id: number): Promise<void> {
  const response = await admin.delete(`/api/admin/revenue/${id}`);
  expect(response.status(), await response.text()).toBe(204);
}

export async function createMilestone(
  admin: APIRequestContext,
  milestone: Omit<Milestone, 'id' | 'amount'> & { amount?: string },
): Promise<Milestone> {
  const response = await admin.post('/api/milestones', { data: milestone });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Milestone;
}

export async function listMilestones(request: APIRequestContext): Promise<Milestone[]> {
  const response = await request.get('/api/milestones');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Milestone[];
}

export async function deleteMilestone(admin: APIRequestContext, id: number): Promise<void> {
  const response = await admin.delete(`/api/admin/milestones/${id}`);
  expect(response.status(), await response.text()).toBe(204);
}

/** Something unique to this test run and project, for records the test creates. */
export function uniqueTag(projectName: string): string {
  return `${projectName}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** The toasts on screen: Mantine notifications (role alert) inside their containers. */
export const toasts = (page: Page): Locator => page.locator('.mantine-Notifications-root').getByRole('alert');

/** The section whose heading is `name` (each landmark section is labelled by its h2). */
export const section = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The tracker's counting number as seen (aria-hidden; screen readers get the final value). */
export const visibleAmount = (page: Page): Locator => page.locator('#tracker span[aria-hidden="true"]');

/** The tracker's amount as screen readers get it: always the final value. */
export const finalAmount = (page: Page): Locator => page.locator('#tracker .visually-hidden');

/**
 * A gate for a network call: the call waits until `release()`; `requested` resolves once the
 * browser made it. Lets a test see the pending state ('Saving...') without racing the server.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(url, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Waits until `dialog` has faded in (it and its ancestors fully opaque) and no transition runs on
 * the page any more (the overlay), so axe sees the final colours. The fade starts a frame after
 * the dialog appears: the absence of running animations alone would not do.
 */
export async function stillness(dialog: Locator) {
  await expect
    .poll(
      () =>
        dialog.evaluate((element) => {
          let opacity = 1;
          for (let node: Element | null = element; node; node = node.parentElement) {
            opacity *= Number(getComputedStyle(node).opacity);
          }
          return opacity;
        }),
      { message: 'the dialog has faded in', intervals: [50] },
    )
    .toBe(1);
  await dialog
    .page()
    .waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
}

/**
 * Waits until scrolling has settled with the element's top just below the sticky header (the
 * scroll padding), or, for a section too close to the end of the page, with the page scrolled
 * to the bottom and the section in view.
 */
export async function expectScrolledTo(page: Page, target: Locator): Promise<void> {
  const measure = () =>
    target.evaluate((element) => ({
      top: Math.round(element.getBoundingClientRect().top * 10) / 10,
      scrollY: window.scrollY,
      atBottom: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    }));
  const landed = (position: Awaited<ReturnType<typeof measure>>) =>
    Math.abs(position.top - SCROLL_OFFSET) <= 1 ||
    (position.atBottom && position.top >= HEADER_HEIGHT && position.top < page.viewportSize()!.height / 2);

  let previous: Awaited<ReturnType<typeof measure>> | undefined;
  await expect
    .poll(
      async () => {
        const now = await measure();
        const settled = previous?.scrollY === now.scrollY && landed(now);
        previous = now;
        return settled ? 'landed' : now;
      },
      {
        message: `the section lands ${SCROLL_OFFSET}px from the top, just below the sticky header`,
        intervals: [100],
        timeout: 10_000,
      },
    )
    .toBe('landed');
}

export type ExperimentStatus = 'Active' | 'Popular' | 'Flagship';

export interface Experiment {
  id: number;
  title: string;
  description: string;
  status: ExperimentStatus;
  statusColor: string;
  projectCount: number;
  imageUrl: string;
  createdAt: string;
}

export interface Subscriber {
  id: number;
  email: string;
  consent: 0 | 1;
  createdAt: string;
}

/** The titles of the five experiments every new database is seeded with, oldest first. */
export const SEEDED_EXPERIMENTS = [
  'Solo App Builds',
  'Rewriting History',
  'Public Domain Flipping',
  'Self-Improvement AI',
  'AI Startup Studio',
] as const;

export async function listExperiments(request: APIRequestContext): Promise<Experiment[]> {
  const response = await request.get('/api/experiments');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Experiment[];
}

export async function createExperiment(
  admin: APIRequestContext,
  experiment: Pick<Experiment, 'title' | 'description' | 'status' | 'projectCount'> & { imageUrl?: string },
): Promise<Experiment> {
  const response = await admin.post('/api/experiments', { data: experiment });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Experiment;
}

export async function deleteExperiment(admin: APIRequestContext, id: number): Promise<void> {
  const response = await admin.delete(`/api/admin/experiments/${id}`);
  expect(response.status(), await response.text()).toBe(204);
}

/** Signs `email` up for the newsletter, as the landing page's form does. */
export async function subscribe(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/subscribers', { data: { email, consent: true } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Every subscriber (admin only; a tRPC query, there is no REST path for it). */
export async function listSubscribers(admin: APIRequestContext): Promise<Subscriber[]> {
  const response = await admin.get('/api/trpc/subscribers.list');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: Subscriber[] } }).result.data;
}

export async function deleteSubscriber(admin: APIRequestContext, id: number): Promise<void> {
  const response = await admin.post('/api/trpc/subscribers.delete', { data: { id } });
  expect(response.status(), await response.text()).toBe(200);
}

/** "2024-03-15T00:00:00.000Z" as the admin tables show it: "Mar 15, 2024" (UTC). */
export const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * One tab of the admin panel's Data Management card: the tab, its panel and what the panel holds.
 * `caption` is the table's caption ('Revenue entries'); `noun` names one row in the action buttons.
 */
export function adminTab(page: Page, tab: string, caption: string, noun: string) {
  const panel = page.getByRole('tabpanel', { name: tab, exact: true });
  const table = panel.getByRole('table', { name: caption, exact: true });
  return {
    tab: page.getByRole('tab', { name: tab, exact: true }),
    panel,
    table,
    filter: panel.getByRole('textbox', { name: `Filter ${caption.toLowerCase()}`, exact: true }),
    /** The body rows (an empty table has one row holding its empty-state text). */
    rows: table.locator('tbody tr'),
    /** The body row whose cells include `text` exactly. */
    row: (text: string) =>
      table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: text, exact: true }) }),
    rowCount: panel.getByText(/^\d[\d,]* rows?( · updating…)?$/),
    pageOf: panel.getByText(/^Page \d+ of \d+$/),
    previous: panel.getByRole('button', { name: 'Previous', exact: true }),
    next: panel.getByRole('button', { name: 'Next', exact: true }),
    sortBy: (column: string) => table.getByRole('button', { name: column, exact: true }),
    header: (column: string) => table.getByRole('columnheader', { name: column, exact: true }),
    edit: (rowLabel: string) => panel.getByRole('button', { name: `Edit ${noun} ${rowLabel}`, exact: true }),
    remove: (rowLabel: string) =>
      panel.getByRole('button', { name: `Delete ${noun} ${rowLabel}`, exact: true }),
  };
}

/** A CSS colour as computed ("rgb(1, 2, 3)" or "rgba(1, 2, 3, 0.1)"), laid over white when translucent. */
function opaqueRgb(color: string): [number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((channel) => channel * a + 255 * (1 - a)) as [number, number, number];
}

/** The WCAG contrast ratio of two computed CSS colours (1 to 21). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = opaqueRgb(color).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The text and background colours of an element, as computed, with the text it shows. */
export const badgeColors = (badge: Locator) =>
  badge.evaluate((element) => {
    const label = element.querySelector('[class*="label"]') ?? element;
    return {
      text: element.textContent ?? '',
      color: getComputedStyle(label).color,
      background: getComputedStyle(element).backgroundColor,
    };
  });
