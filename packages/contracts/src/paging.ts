import { z } from 'zod';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from './newsletter-values';
import {
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

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 200;

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
) {
  return z
    .object(pageShape(columns, defaults), { error: 'Expected a JSON object.' })
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

export const revenuePageInput = pageInput(REVENUE_SORTS, REVENUE_PAGE_DEFAULTS);
export type RevenuePageRequest = PageRequest<(typeof REVENUE_SORTS)[number]>;

export const milestonePageInput = pageInput(MILESTONE_SORTS, MILESTONE_PAGE_DEFAULTS);
export type MilestonePageRequest = PageRequest<(typeof MILESTONE_SORTS)[number]>;

export const experimentPageInput = pageInput(EXPERIMENT_SORTS, EXPERIMENT_PAGE_DEFAULTS);
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
  .default(firstPage(SUBSCRIBER_PAGE_DEFAULTS));
export type SubscriberPageRequest = PageRequest<(typeof SUBSCRIBER_SORTS)[number]> & {
  status?: SubscriberStatus;
};
