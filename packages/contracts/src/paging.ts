import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 200;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/**
 * One page of an admin table: sorted by any of `columns` (ties broken by id), filtered by `q`,
 * continued from `cursor` (keyset pagination: pages stay fast however deep they go).
 */
export function pageInput<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: { sort: C[number]; direction: SortDirection },
) {
  return z
    .object(
      {
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
      },
      { error: 'Expected a JSON object.' },
    )
    .default({ sort: defaults.sort, direction: defaults.direction, limit: PAGE_SIZE_DEFAULT });
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

export const REVENUE_SORTS = ['date', 'amount', 'source', 'description'] as const;
export const revenuePageInput = pageInput(REVENUE_SORTS, { sort: 'date', direction: 'desc' });
export type RevenuePageRequest = PageRequest<(typeof REVENUE_SORTS)[number]>;

export const MILESTONE_SORTS = ['day', 'title', 'date', 'isRevenue'] as const;
export const milestonePageInput = pageInput(MILESTONE_SORTS, { sort: 'day', direction: 'asc' });
export type MilestonePageRequest = PageRequest<(typeof MILESTONE_SORTS)[number]>;

export const EXPERIMENT_SORTS = ['title', 'status', 'projectCount', 'createdAt'] as const;
export const experimentPageInput = pageInput(EXPERIMENT_SORTS, { sort: 'createdAt', direction: 'asc' });
export type ExperimentPageRequest = PageRequest<(typeof EXPERIMENT_SORTS)[number]>;

export const SUBSCRIBER_SORTS = ['email', 'consent', 'createdAt'] as const;
export const subscriberPageInput = pageInput(SUBSCRIBER_SORTS, { sort: 'createdAt', direction: 'desc' });
export type SubscriberPageRequest = PageRequest<(typeof SUBSCRIBER_SORTS)[number]>;
