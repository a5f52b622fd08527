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

let read: SsrState | null | undefined;

/** What the server rendered the page with; null without server rendering (`pnpm dev`). Parsed once. */
export function readSsrState(): SsrState | null {
  if (read === undefined) {
    const element = document.getElementById(SSR_STATE_ELEMENT_ID);
    read = element ? (JSON.parse(element.textContent ?? '{}') as SsrState) : null;
  }
  return read;
}

/**
 * The server's answer to the query of a tRPC procedure without input (`['settings', 'site']`), read
 * without the query client, for the landing page's first hydration.
 */
export function ssrAnswer<T>(state: SsrState, path: readonly string[]): T | undefined {
  const key = JSON.stringify(path);
  const query = state.queries.queries.find((entry) => JSON.stringify(entry.queryKey[0]) === key);
  return query?.state.data as T | undefined;
}
