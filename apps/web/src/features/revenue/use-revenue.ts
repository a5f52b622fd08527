import type { RevenuePageRequest } from '@journey/contracts';
import type { RevenueSeriesRange } from '@journey/contracts/constants';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';
import { forecastRows } from './forecast-series';

export function useRevenueSummary() {
  return trpc.revenue.summary.useQuery();
}

/** Computed figures and the $1B forecast (the forecast line, the computed stat cards, the log chart). */
export function useRevenueMetrics() {
  return trpc.revenue.metrics.useQuery();
}

/** The whole journey's months and the projection, fetched when the reader opens the 'Toward $1B' view. */
export function useForecastRows(wanted: boolean) {
  const metrics = useRevenueMetrics();
  const series = trpc.revenue.series.useQuery({ range: 'all' }, { enabled: wanted });
  const rows = useMemo(
    () => (series.data && metrics.data ? forecastRows(series.data, metrics.data) : undefined),
    [series.data, metrics.data],
  );
  return { rows, isError: series.isError || metrics.isError };
}

/** The chart's series; switching range keeps the previous figures on screen until the new ones arrive. */
export function useRevenueSeries(range: RevenueSeriesRange) {
  return trpc.revenue.series.useQuery({ range }, { placeholderData: keepPreviousData });
}

export function useRevenuePage(input: RevenuePageRequest) {
  return trpc.revenue.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** The tracker's "N corrections" (docs/decisions/043-correction-ledger.md). */
export function useRevenueCorrections() {
  return trpc.revenue.corrections.useQuery();
}

/** Entries deleted by hand, for the admin to restore. */
export function useDeletedRevenues() {
  return trpc.revenue.deleted.useQuery();
}

/** An entry's recorded changes, fetched while its history dialog is open. */
export function useRevenueHistory(id: number | null) {
  return trpc.revenue.history.useQuery({ id: id ?? 0 }, { enabled: id !== null });
}

export function useUndoRevenue() {
  return trpc.revenue.undo.useMutation({ onSuccess: useRefreshAfterWrite('revenues') });
}

export const {
  useCreate: useCreateRevenue,
  useUpdate: useUpdateRevenue,
  useDelete: useDeleteRevenue,
} = entityMutations(trpc.revenue, 'revenues');
