import type { RevenuePageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

export function useRevenueSummary() {
  return trpc.revenue.summary.useQuery();
}

export function useRevenuePage(input: RevenuePageRequest) {
  return trpc.revenue.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** Every revenue write changes the totals, the admin list and its pages: exactly those refresh. */
function useInvalidateRevenue() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.revenue.summary.invalidate(),
      utils.revenue.list.invalidate(),
      utils.revenue.page.invalidate(),
    ]);
}

export function useCreateRevenue() {
  const invalidate = useInvalidateRevenue();
  return trpc.revenue.create.useMutation({ onSuccess: invalidate });
}

export function useUpdateRevenue() {
  const invalidate = useInvalidateRevenue();
  return trpc.revenue.update.useMutation({ onSuccess: invalidate });
}

export function useDeleteRevenue() {
  const invalidate = useInvalidateRevenue();
  return trpc.revenue.delete.useMutation({ onSuccess: invalidate });
}
