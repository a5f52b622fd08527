import { defaultSettings, type Settings } from '@journey/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CHANGE_CHANNEL, getSettings, saveSettings, schema, settingsFrom, type Database } from '../src';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

const { siteSettings } = schema;
const defaults = defaultSettings({ productName: 'Unicorn', today: '2025-06-01' });
const edited: Settings = {
  ...defaults,
  siteName: 'Pegasus & Co',
  productName: 'Pegasus',
  story: '> A quote\n\nThe story.',
  contactEmail: 'owner@example.com',
  links: { ...defaults.links, github: 'https://github.com/owner' },
  journeyStartDate: '2024-01-15',
  legal: { ...defaults.legal, terms: '# Terms\n\nBe nice.' },
};

let database: TestDatabase;
let db: Database;
const rows = () => db.select().from(siteSettings);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database?.cleanup());

describe('getSettings', () => {
  it('stores the defaults in a database without settings, and returns them', async () => {
    expect(await rows()).toEqual([]);
    expect(await getSettings(db, defaults)).toEqual(defaults);
    const [row] = await rows();
    expect(row).toMatchObject({ id: 1, value: defaults, updatedAt: expect.any(Date) });
  });

  it('then reads the database, whatever defaults the server has now', async () => {
    const other = defaultSettings({ productName: 'Rocket', today: '2025-07-01' });
    expect(await getSettings(db, other)).toEqual(defaults);
    expect(await rows()).toHaveLength(1);
  });

  it('returns what saveSettings stored, and keeps one row', async () => {
    expect(await saveSettings(db, edited)).toEqual(edited);
    expect(await getSettings(db, defaults)).toEqual(edited);
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row?.value).toEqual(edited);
  });

  it('gives a field the stored record lacks its default', async () => {
    const { legal, links, ...older } = edited;
    await db
      .update(siteSettings)
      .set({ value: { ...older, links: { github: links.github }, legal: { terms: legal.terms } } })
      .where(eq(siteSettings.id, 1));
    expect(await getSettings(db, defaults)).toEqual({
      ...edited,
      links: { ...defaults.links, github: links.github },
      legal: { ...defaults.legal, terms: legal.terms },
    });
  });

  it('refuses a second row', async () => {
    await expect(db.insert(siteSettings).values({ id: 2, value: defaults })).rejects.toThrow();
  });

  it('stores one record when two processes read a new database at once', async () => {
    const fresh = await createTestDatabase();
    try {
      const first = defaultSettings({ productName: 'First', today: '2025-06-01' });
      const second = defaultSettings({ productName: 'Second', today: '2025-06-01' });
      const [a, b] = await Promise.all([
        getSettings(fresh.handle.db, first),
        getSettings(fresh.handle.db, second),
      ]);
      expect(a).toEqual(b);
      expect(await fresh.handle.db.$count(siteSettings)).toBe(1);
    } finally {
      await fresh.cleanup();
    }
  });

  it('is heard by every watcher of data changes when saved', async () => {
    const heard: string[] = [];
    const stop = await database.handle.watchDataChanges({
      onChange: (table) => heard.push(table),
      onListening: () => {},
      onLost: () => {},
    });
    try {
      await saveSettings(db, { ...edited, siteName: 'Heard' });
      const deadline = Date.now() + 2_000;
      while (!heard.includes('site_settings') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard, DATA_CHANGE_CHANNEL).toContain('site_settings');
    } finally {
      await stop();
    }
  });
});

describe('settingsFrom', () => {
  it('takes the default of each field a rule refuses now, keeping the others', () => {
    const stored = {
      ...edited,
      siteName: 'x',
      contactEmail: 'not an email',
      links: { ...edited.links, twitter: 'http://insecure.example' },
      legal: 'not a record',
    };
    expect(settingsFrom(stored, defaults)).toEqual({
      ...edited,
      siteName: defaults.siteName,
      contactEmail: '',
      links: { ...edited.links, twitter: '' },
      legal: defaults.legal,
    });
  });

  it('reads anything that is not a record as the defaults', () => {
    for (const stored of [null, 'text', 42, [edited]])
      expect(settingsFrom(stored, defaults)).toEqual(defaults);
  });
});
