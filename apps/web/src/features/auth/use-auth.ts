import { trpc } from '../../lib/trpc';

/** Login and registration set the current user from their answer (SPEC.md section 4). */
export function useLogin() {
  const utils = trpc.useUtils();
  return trpc.auth.login.useMutation({ onSuccess: (user) => utils.auth.me.setData(undefined, user) });
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

export function useRegistrationStatus() {
  return trpc.auth.registrationStatus.useQuery();
}

/** Logout clears the current user (SPEC.md section 4). */
export function useLogout() {
  const utils = trpc.useUtils();
  return trpc.auth.logout.useMutation({ onSuccess: () => utils.auth.me.setData(undefined, null) });
}
