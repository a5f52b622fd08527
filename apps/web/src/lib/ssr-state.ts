import type { AppRouter } from '@journey/api';
import type { DehydratedState } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { SiteInfo } from '../app/site-context';

type Outputs = inferRouterOutputs<AppRouter>;

/** What the server already knows when it renders a page; each key seeds one query. */
export interface PageData {
  me?: Outputs['auth']['me'];
  registrationStatus?: Outputs['auth']['registrationStatus'];
  revenueSummary?: Outputs['revenue']['summary'];
  /** The revenue chart's default range, so the first HTML holds its figures. */
  revenueSeries?: Outputs['revenue']['series'];
  milestones?: Outputs['milestones']['list'];
  experiments?: Outputs['experiments']['list'];
  /** A milestone page: the milestone and its neighbours, or null when the id names none (a 404). */
  milestonePage?: { id: number; detail: Outputs['milestones']['byId'] | null };
}

/** Written into the page as JSON (never executed, so the CSP needs no inline scripts). */
export interface SsrState {
  site: SiteInfo;
  queries: DehydratedState;
}

export const SSR_STATE_ELEMENT_ID = 'app-state';

/** JSON safe inside a <script> element: no "</script>", no line separators. */
export function serializeState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
