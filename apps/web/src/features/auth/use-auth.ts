import { needsSecondFactor } from '@journey/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { trpc } from '../../lib/trpc';

/**
 * Login and registration set the current user from their answer (docs/product.md#states); a login that
 * asks for a second factor has no user yet, and its second step sets it (docs/decisions/086-one-time-codes.md).
 */
export function useLogin() {
  const utils = trpc.useUtils();
  return trpc.auth.login.useMutation({
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) utils.auth.me.setData(undefined, answer);
    },
  });
}

export function useSecondFactorLogin() {
  const utils = trpc.useUtils();
  return trpc.auth.secondFactor.useMutation({ onSuccess: (user) => utils.auth.me.setData(undefined, user) });
}

export function useRegister() {
  const utils = trpc.useUtils();
  return trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      utils.auth.me.setData(undefined, user);
      await utils.auth.registrationStatus.invalidate();
    },
  });
}

/**
 * The server ends every session of the account and signs this browser in afresh: the user is the same,
 * but `auth.me` and the Account tab's sessions are fetched again so nothing cached outlives the old session.
 */
export function useChangePassword() {
  const utils = trpc.useUtils();
  return trpc.auth.changePassword.useMutation({
    onSuccess: () => Promise.all([utils.auth.me.invalidate(), utils.auth.sessions.list.invalidate()]),
  });
}

export function useRegistrationStatus() {
  return trpc.auth.registrationStatus.useQuery();
}

/**
 * Logout clears the current user (docs/product.md#states) and goes home. The user is cleared only once the
 * guarded page has unmounted: navigation renders in a transition, and a guard that saw `null` first
 * would send the visitor to /auth instead.
 */
export function useLogout() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedOut = useRef(false);
  useEffect(
    () => () => {
      if (!signedOut.current) return;
      utils.auth.me.setData(undefined, null);
      // Admin-only data must not outlive the session in this tab.
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.subscribers) });
      queryClient.removeQueries({ queryKey: getQueryKey(trpc.auth.sessions) });
    },
    [utils, queryClient],
  );
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      signedOut.current = true;
      await navigate(paths.home);
    },
  });
}
