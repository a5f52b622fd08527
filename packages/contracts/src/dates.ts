import { DATE_LATEST_UTC_OFFSET_HOURS } from './constants';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The latest calendar day in effect anywhere on Earth at `now`: today at UTC+14, as YYYY-MM-DD.
 * The server cannot know a writer's time zone, so this is its "today"
 * (docs/decisions/060-admin-onboarding-and-honest-dates.md).
 */
export function latestDayOnEarth(now: number = Date.now()): string {
  return new Date(now + DATE_LATEST_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** Today in this machine's time zone, as YYYY-MM-DD: a form's "today", which its reader lives in. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
