// Shared with the server (the badge, the feeds, the preview image), so both show one figure the same way.
export { formatDate, formatMoney, formatPercent } from '@journey/contracts/constants';
