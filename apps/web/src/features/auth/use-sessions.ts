import { trpc } from '../../lib/trpc';

/** The owner's sessions, this browser's first (docs/decisions/085-owner-sessions.md). */
export function useSessions() {
  return trpc.auth.sessions.list.useQuery();
}

/** Each end answers once the list on screen has been fetched again without the sessions it ended. */
export function useEndSession() {
  const utils = trpc.useUtils();
  return trpc.auth.sessions.end.useMutation({ onSuccess: () => utils.auth.sessions.list.invalidate() });
}

export function useEndOtherSessions() {
  const utils = trpc.useUtils();
  return trpc.auth.sessions.endOthers.useMutation({
    onSuccess: () => utils.auth.sessions.list.invalidate(),
  });
}
