import type { RevenueMetrics } from '@journey/contracts';

export type { RevenueMetrics };

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2034-03" → "March 2034". */
export const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
