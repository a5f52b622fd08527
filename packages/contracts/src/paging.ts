import { z } from 'zod';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from './newsletter-values';
import { COST_CATEGORIES, type CostCategory } from './enums';
import { enumField } from './enum-field';
import {
  COST_PAGE_DEFAULTS,
  COST_SORTS,
  EXPERIMENT_PAGE_DEFAULTS,
  EXPERIMENT_SORTS,
  MILESTONE_PAGE_DEFAULTS,
  MILESTONE_SORTS,
  REVENUE_PAGE_DEFAULTS,
  REVENUE_SORTS,
  SORT_DIRECTIONS,
  SUBSCRIBER_PAGE_DEFAULTS,
  SUBSCRIBER_SORTS,
  type PageDefaults,
  type SortDirection,
} from './page-orders';

/**
 * What the column a table is sorted by holds, so a cursor's value can be checked before it reaches
 * the database (docs/decisions/057-render-limits-and-http-hardening.md): a value the column cannot
 * hold (`["notadate",1]` on a date, an id past int4) is a 400, never a database error.
 */
export type CursorKind = 'text' | 'integer' | 'money' | 'instant';

const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;
const isInt4 = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;
/** numeric(14,2) as the database writes it. */
const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
/** A timestamp as `Date.toISOString` writes it, the form the server's cursors carry. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

const CURSOR_VALUE_CHECKS: Record<CursorKind, (value: unknown) => boolean> = {
  // PostgreSQL's text holds no NUL character.
  text: (value) => typeof value === 'string' && !value.includes('\u0000'),
  integer: isInt4,
  money: (value) => typeof value === 'string' && MONEY.test(value),
  instant: (value) => {
    if (typeof value !== 'string') return false;
    const day = INSTANT.exec(value)?.[1];
    const time = Date.parse(value);
    // A calendar day that exists (not 2024-02-30, which Date.parse moves to March).
    return day !== undefined && Number.isFinite(time) && new Date(time).toISOString().startsWith(day);
  },
};

/** The JSON a cursor's base64url text holds; undefined when it holds none. */
function cursorJson(text: string): unknown {
  if (!/^[\w-]*$/.test(text)) return undefined;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** True when `cursor` is `[value, id]` with a value a column of `kind` holds (or null) and an int4 id. */
export function isCursorFor(cursor: string, kind: CursorKind): boolean {
  const parsed = cursorJson(cursor);
  if (!Array.isArray(parsed) || parsed.length !== 2) return false;
  const [value, id] = parsed as unknown[];
  return isInt4(id) && (value === null || CURSOR_VALUE_CHECKS[kind](value));
}

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 200;

/** A page request's cursor must suit the column it sorts by (see CursorKind). */
function cursorSuitsSort<S extends string>(kinds: Record<S, CursorKind>) {
  return (page: { sort: S; cursor?: string | null | undefined }, ctx: z.RefinementCtx) => {
    if (page.cursor && !isCursorFor(page.cursor, kinds[page.sort]))
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Invalid cursor.' });
  };
}

/** The fields of every admin table's page request: see pageInput. */
function pageShape<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: PageDefaults<C[number]>,
) {
  return {
    sort: z.enum(columns, { error: `Sort must be one of ${columns.join(', ')}.` }).default(defaults.sort),
    direction: z
      .enum(SORT_DIRECTIONS, { error: 'Direction must be asc or desc.' })
      .default(defaults.direction),
    limit: z
      .number({ error: 'Limit must be a whole number.' })
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.')
      .max(PAGE_SIZE_MAX, `Limit must be at most ${PAGE_SIZE_MAX}.`)
      .default(PAGE_SIZE_DEFAULT),
    cursor: z.string().max(1000, 'Invalid cursor.').nullish(),
    q: z
      .string()
      .trim()
      .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters.`)
      .refine((value) => !value.includes('\u0000'), 'Search must not contain NUL characters.')
      .optional(),
  };
}

const firstPage = <S extends string>(defaults: PageDefaults<S>) => ({
  sort: defaults.sort,
  direction: defaults.direction,
  limit: PAGE_SIZE_DEFAULT,
});

/**
 * One page of an admin table: sorted by any of `columns` (ties broken by id), filtered by `q`,
 * continued from `cursor` (keyset pagination: pages stay fast however deep they go).
 */
export function pageInput<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: PageDefaults<C[number]>,
  kinds: Record<C[number], CursorKind>,
) {
  return z
    .object(pageShape(columns, defaults), { error: 'Expected a JSON object.' })
    .superRefine(cursorSuitsSort(kinds))
    .default(firstPage(defaults));
}

export type PageRequest<S extends string> = {
  sort: S;
  direction: SortDirection;
  limit: number;
  cursor?: string | null;
  q?: string;
};

export function pageOutput<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Rows matching the filter, across all pages. */
    total: z.number().int(),
    /** Pass back as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

export const revenuePageInput = pageInput(REVENUE_SORTS, REVENUE_PAGE_DEFAULTS, {
  date: 'instant',
  amount: 'money',
  source: 'text',
  description: 'text',
});
export type RevenuePageRequest = PageRequest<(typeof REVENUE_SORTS)[number]>;

export const milestonePageInput = pageInput(MILESTONE_SORTS, MILESTONE_PAGE_DEFAULTS, {
  day: 'integer',
  title: 'text',
  date: 'instant',
  isRevenue: 'integer',
});
export type MilestonePageRequest = PageRequest<(typeof MILESTONE_SORTS)[number]>;

export const experimentPageInput = pageInput(EXPERIMENT_SORTS, EXPERIMENT_PAGE_DEFAULTS, {
  title: 'text',
  status: 'text',
  projectCount: 'integer',
  createdAt: 'instant',
});
export type ExperimentPageRequest = PageRequest<(typeof EXPERIMENT_SORTS)[number]>;

/** The subscribers' page, which may also be narrowed to one status. */
export const subscriberPageInput = z
  .object(
    {
      ...pageShape(SUBSCRIBER_SORTS, SUBSCRIBER_PAGE_DEFAULTS),
      status: z
        .enum(SUBSCRIBER_STATUSES, { error: 'Status must be pending, confirmed or unsubscribed.' })
        .optional(),
    },
    { error: 'Expected a JSON object.' },
  )
  .superRefine(cursorSuitsSort({ email: 'text', consent: 'integer', status: 'text', createdAt: 'instant' }))
  .default(firstPage(SUBSCRIBER_PAGE_DEFAULTS));
export type SubscriberPageRequest = PageRequest<(typeof SUBSCRIBER_SORTS)[number]> & {
  status?: SubscriberStatus;
};

/** The costs' page (docs/decisions/082-experiment-money.md), which may also be narrowed to one category. */
export const costPageInput = z
  .object(
    {
      ...pageShape(COST_SORTS, COST_PAGE_DEFAULTS),
      category: enumField('Category', COST_CATEGORIES).optional(),
    },
    { error: 'Expected a JSON object.' },
  )
  .superRefine(cursorSuitsSort({ date: 'instant', amount: 'money', category: 'text', description: 'text' }))
  .default(firstPage(COST_PAGE_DEFAULTS));
export type CostPageRequest = PageRequest<(typeof COST_SORTS)[number]> & { category?: CostCategory };
