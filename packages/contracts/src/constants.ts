/** Business constants of docs/product.md#constants; every screen and the server read them from here. */
export const REVENUE_TARGET = 1_000_000_000;

export const CURRENT_USER_STALE_MS = 60_000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
/** Upper bound so a huge password cannot make scrypt a denial-of-service tool. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

export const TITLE_MIN = 2;
export const TITLE_MAX = 100;
/** docs/decisions/015-input-rules.md: one rule for create and edit, so an entry that could be created can be edited. */
export const REVENUE_DESCRIPTION_MIN = 5;
export const REVENUE_DESCRIPTION_MAX = 500;
/** docs/decisions/043-correction-ledger.md: the reason of an edit, a delete or an undo. */
export const REVENUE_REASON_MAX = 500;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;

/** Dates: nothing before this day, nothing after today (the server allows one day of slack). */
export const DATE_MIN = '2000-01-01';
/**
 * The time-zone slack, exactly (docs/decisions/060-admin-onboarding-and-honest-dates.md): the server
 * accepts a day while it is today somewhere, i.e. up to today at UTC+14, the earth's earliest zone.
 */
export const DATE_LATEST_UTC_OFFSET_HOURS = 14;
/** The latest month the owner may aim the $1B forecast at. */
export const FORECAST_TARGET_MAX = '2100-12';

/** numeric(14,2): at most 12 digits before the point, so every amount is below 10^12. */
export const MONEY_MAX_INTEGER_DIGITS = 12;

export const DAY_MAX = 100_000;
export const PROJECT_COUNT_MAX = 1_000_000;
export const URL_MAX = 2_048;

export const MILESTONE_SKELETON_COUNT = 5;
export const NEWSLETTER_SUCCESS_MS = 3_000;
export const COUNT_UP_DURATION_MS = 2_000;
export const PROGRESS_FILL_MS = 1_500;
export const HERO_ENTRANCE_S = 0.8;
export const SCROLL_HINT_DELAY_MS = 1_000;

/** docs/decisions/019-interface.md: Mantine notifications, one at a time, closing after 5 s. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;

/** docs/decisions/019-interface.md: the spec's hard-coded stat cards. */
export const STAT_CARDS = [
  { label: 'Revenue Sources', value: '12' },
  { label: 'Growth Rate', value: '+27% monthly' },
  { label: 'Time Elapsed', value: '198 days' },
] as const;

export const DEFAULT_EXPERIMENT_IMAGE_URL = '/images/experiments/placeholder.svg';

/**
 * The most procedures one tRPC request may call: the server answers 400 past it, and the web app's
 * batching link splits its batches at it. The landing page's reads, client-rendered under `pnpm dev`,
 * are fewer than ten; without a cap one GET could run hundreds.
 */
export const MAX_TRPC_BATCH = 10;
