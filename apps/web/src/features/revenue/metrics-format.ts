import type { RevenueMetrics } from '@journey/contracts';

export type { RevenueMetrics };

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2034-03" → "March 2034". */
export const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** 0.18 → "+18", 0.1834 → "+18.3", −0.05 → "−5": at most one decimal, the sign always written. */
export function formatSignedPercent(fraction: number): string {
  const percent = Math.round(fraction * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}`;
}
