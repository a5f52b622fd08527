import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** The owner's passkeys (docs/decisions/087-passkeys.md), under the factors router the Account tab reads. */
export function usePasskeys() {
  return trpc.factors.passkeys.list.useQuery();
}

export function usePasskeyRegistrationOptions() {
  return trpc.factors.passkeys.registrationOptions.useMutation();
}

/** Adding or removing one changes the second factors too (the methods, the requirement's switch). */
export function useAddPasskey() {
  return trpc.factors.passkeys.add.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}

export function useRenamePasskey() {
  return trpc.factors.passkeys.rename.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}

export function useRemovePasskey() {
  return trpc.factors.passkeys.remove.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}
