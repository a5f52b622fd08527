import { trpc } from '../../lib/trpc';

export function useRevenueSummary() {
  return trpc.revenue.summary.useQuery();
}

/** A new entry changes the totals and the admin list, nothing else. */
export function useCreateRevenue() {
  const utils = trpc.useUtils();
  return trpc.revenue.create.useMutation({
    onSuccess: () => Promise.all([utils.revenue.summary.invalidate(), utils.revenue.list.invalidate()]),
  });
}
