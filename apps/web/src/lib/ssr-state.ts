import type { DehydratedState } from '@tanstack/react-query';

/** Written into the page as JSON (never executed, so the CSP needs no inline scripts). */
export interface SsrState {
  /** The site's public origin. */
  origin: string;
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
