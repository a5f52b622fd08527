/**
 * The query cache key of a milestone page's data: the milestone with its neighbours, or null when
 * there is no such milestone. Null is an answer, not an error, so the server can hand a 404 page's
 * data to the browser like any other and both render the same not-found page.
 */
export const MILESTONE_PAGE_KEY = ['milestone-page'] as const;

export const milestonePageKey = (id: number) => [...MILESTONE_PAGE_KEY, id] as const;
