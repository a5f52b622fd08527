import { settingsSchema, type Settings } from '@journey/contracts';
import { eq, min, sql } from 'drizzle-orm';
import type { Database } from './client';
import { revenues, siteSettings, users } from './schema';
import { revenueImports } from './tables/revenue-history';

const ROW_ID = 1;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stored` over `defaults`, one level into nested records (links, legal): what is missing keeps its default. */
function overDefaults(defaults: Settings, stored: unknown): Record<string, unknown> {
  if (!isObject(stored)) return { ...defaults };
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(defaults)) {
    if (!(key in stored)) continue;
    const saved = stored[key];
    merged[key] = isObject(value) && isObject(saved) ? { ...value, ...saved } : saved;
  }
  return merged;
}

/**
 * The stored record as the contracts read it. A field it lacks (added to the settings after it was
 * saved) takes its default, and so does one a rule added since refuses: a read never fails on what an
 * older version wrote.
 */
export function settingsFrom(stored: unknown, defaults: Settings): Settings {
  const merged = overDefaults(defaults, stored);
  const parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired = { ...merged };
  for (const issue of parsed.error.issues) {
    const [key, nested] = issue.path;
    if (typeof key !== 'string' || !(key in defaults)) continue;
    const fallback = defaults[key as keyof Settings];
    const current = repaired[key];
    if (typeof nested === 'string' && isObject(fallback) && isObject(current))
      repaired[key] = { ...current, [nested]: fallback[nested as keyof typeof fallback] };
    else repaired[key] = fallback;
  }
  return settingsSchema.parse(repaired);
}

/**
 * The owner's settings. A database without them gets `defaults` stored first (another process may
 * store its own at the same moment: the first wins and both read it), so from then on the database,
 * not the server's configuration, is the source.
 */
export async function getSettings(db: Database, defaults: Settings): Promise<Settings> {
  const read = () =>
    db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.id, ROW_ID));
  let [row] = await read();
  if (!row) {
    await db.insert(siteSettings).values({ id: ROW_ID, value: defaults }).onConflictDoNothing();
    [row] = await read();
  }
  return settingsFrom(row?.value, defaults);
}

/** Replaces the whole record (already checked by `settingsSchema`) and returns it. */
export async function saveSettings(db: Database, settings: Settings): Promise<Settings> {
  await db
    .insert(siteSettings)
    .values({ id: ROW_ID, value: settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { value: settings, updatedAt: sql`now()` } });
  return settings;
}

/**
 * What the admin's setup checklist is derived from besides the settings
 * (docs/decisions/060-admin-onboarding-and-honest-dates.md): the day the first account was made
 * (the install day, which a new journey start defaults to) and whether any revenue was ever logged
 * or imported.
 */
export async function setupFacts(db: Database): Promise<{ installDay: string | null; hasRevenue: boolean }> {
  const [[first], entries, imports] = await Promise.all([
    db.select({ at: min(users.createdAt) }).from(users),
    db.$count(revenues),
    db.$count(revenueImports),
  ]);
  // A worker-thread driver may hand the timestamp over as text: read it through Date either way.
  const installDay = first?.at ? new Date(first.at).toISOString().slice(0, 10) : null;
  return { installDay, hasRevenue: entries + imports > 0 };
}
