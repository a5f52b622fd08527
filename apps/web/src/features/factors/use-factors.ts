import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** The owner's second factors (docs/decisions/086-one-time-codes.md): what the Account tab shows. */
export function useSecondFactors() {
  return trpc.factors.status.useQuery();
}

/** A new pending secret; the status refreshes so the section says that set-up has begun. */
export function useEnrollTotp() {
  return trpc.factors.enrollTotp.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}

export function useConfirmTotp() {
  return trpc.factors.confirmTotp.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}

export function useRemoveTotp() {
  return trpc.factors.removeTotp.useMutation({ onSuccess: useRefreshAfterWrite('factors') });
}

/** The answer is the new status: set as it is, no second read. */
export function useSetSecondFactorRequired() {
  const utils = trpc.useUtils();
  return trpc.factors.setRequired.useMutation({
    onSuccess: (factors) => utils.factors.status.setData(undefined, factors),
  });
}
