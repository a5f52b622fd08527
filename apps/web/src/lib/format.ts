// Shared with the server (the badge, the feeds), so both show one figure the same way.
export { formatMoney, formatPercent } from '@journey/contracts/constants';

/** "2024-03-15T00:00:00.000Z" → "Mar 15, 2024" (in UTC, as entered). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
