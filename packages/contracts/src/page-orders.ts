/** How each admin table can be sorted and the order it opens in; zod-free, for the tables' first load. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The order a table opens in, before the visitor picks a column. */
export interface PageDefaults<S extends string> {
  sort: S;
  direction: SortDirection;
}

export const REVENUE_SORTS = ['date', 'amount', 'source', 'description'] as const;
export const REVENUE_PAGE_DEFAULTS = { sort: 'date', direction: 'desc' } as const;
/** docs/decisions/082-experiment-money.md */
export const COST_SORTS = ['date', 'amount', 'category', 'description'] as const;
export const COST_PAGE_DEFAULTS = { sort: 'date', direction: 'desc' } as const;
export const MILESTONE_SORTS = ['day', 'title', 'date', 'isRevenue'] as const;
export const MILESTONE_PAGE_DEFAULTS = { sort: 'day', direction: 'asc' } as const;
export const EXPERIMENT_SORTS = ['title', 'status', 'projectCount', 'createdAt'] as const;
export const EXPERIMENT_PAGE_DEFAULTS = { sort: 'createdAt', direction: 'asc' } as const;
export const SUBSCRIBER_SORTS = ['email', 'consent', 'status', 'createdAt'] as const;
export const SUBSCRIBER_PAGE_DEFAULTS = { sort: 'createdAt', direction: 'desc' } as const;
