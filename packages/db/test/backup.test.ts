import { readFileSync } from 'node:fs';
import { defaultSettings } from '@journey/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackupError,
  BACKUP_TABLE_NAMES,
  createDatabase,
  createRevenue,
  deleteRevenue,
  dumpDatabase,
  firstBrokenLedgerRow,
  listLedger,
  upgradeLedger,
  RESTORED_WITHOUT_KEY,
  getSettings,
  restoreDatabase,
  saveSettings,
  schema,
  updateRevenue,
  type Backup,
  type Database,
  type DatabaseHandle,
} from '../src';
import {
  createTestDatabase,
  latestMigrationTag,
  pgliteTemplateFile,
  testDatabaseUrl,
  type TestDatabase,
} from '../test-support/test-database';

const {
  users,
  sessions,
  userFactors,
  recoveryCodes,
  passkeys,
  costImports,
  costs,
  experimentAssignments,
  subscriptionPeriods,
  revenues,
  milestones,
  experiments,
  subscribers,
  subscriberTokens,
  siteSettings,
  broadcasts,
  newsletterAutomation,
  revenueImports,
  revenueChanges,
  revenueLedger,
  providerConnections,
  revenueTotals,
  rowCounts,
} = schema;
const DEFAULTS = defaultSettings({ productName: 'Unicorn', today: '2025-06-01' });

const TRICKY_TEXT = `Quotes ' " \` and \\ backslashes, a tab\tand a line\nbreak; ünïcödé — 日本語 🦄 <b>&amp;</b>`;

/** Representative rows in every table: extremes, nulls, unicode, id gaps left by deletes. */
async function fill(db: Database): Promise<void> {
  const [admin, second] = await db
    .insert(users)
    .values([
      { username: 'founder', password: 'scrypt$16384$8$1$c2FsdA$aGFzaA', email: 'founder@example.com' },
      { username: "o'brien-ü", password: 'scrypt$16384$8$1$b3RoZXI$b3RoZXI', email: 'ob@exämple.com' },
    ])
    .returning();
  await db.insert(sessions).values(
    [admin!.id, admin!.id, second!.id].map((userId, i) => ({
      id: `${'a'.repeat(63)}${i}`,
      userId,
      data: { renewedAt: 1_790_000_000_123 + i, note: TRICKY_TEXT },
      expiresAt: new Date(Date.UTC(2027, 0, 1 + i, 12, 30, 45, 678)),
    })),
  );
  // Second factors (decision 086): a confirmed TOTP with a spent and an unused recovery code, a pending one.
  await db.insert(userFactors).values([
    {
      userId: admin!.id,
      kind: 'totp',
      secretSealed: 'v1:0123456789ab:iv:tag:body',
      confirmedAt: new Date('2026-11-28T10:00:00.123Z'),
      lastUsedStep: 59_860_893,
    },
    { userId: second!.id, kind: 'totp', secretSealed: 'v1:0123456789ab:iv2:tag2:body2' },
  ]);
  await db.insert(recoveryCodes).values([
    { userId: admin!.id, codeHash: 'd'.repeat(64), usedAt: new Date('2026-11-28T11:00:00.456Z') },
    { userId: admin!.id, codeHash: 'e'.repeat(64) },
  ]);
  await db.update(users).set({ requireSecondFactor: true }).where(eq(users.id, admin!.id));
  // A passkey (decision 087): its public key, counter and last use come back as they were.
  await db.insert(passkeys).values({
    id: 'credential-id',
    userId: admin!.id,
    name: 'Laptop',
    publicKey: 'pQECAyYgASFYIA',
    counter: 12,
    transports: ['internal', 'hybrid'],
    deviceType: 'multiDevice',
    backedUp: true,
    userHandle: 'user-handle',
    lastUsedAt: new Date('2026-11-28T11:30:00.789Z'),
  });
  await db.insert(revenues).values([
    { amount: '999999999999.99', source: 'ai', description: 'The largest amount allowed', date: new Date(0) },
    {
      amount: '0.01',
      source: 'passive',
      description: TRICKY_TEXT,
      date: new Date('2025-02-03T04:05:06.789Z'),
    },
    { amount: '1234.50', source: 'consulting', description: 'Deleted below', date: new Date('2025-03-01Z') },
    { amount: '77.07', source: 'consulting', description: 'After a gap', date: new Date('2025-03-02Z') },
  ]);
  await db.delete(revenues).where(eq(revenues.description, 'Deleted below'));
  await fillHistory(db);
  await db.insert(milestones).values([
    {
      title: 'First $',
      description: TRICKY_TEXT,
      date: new Date('2025-01-01T00:00:00.001Z'),
      day: 1,
      isRevenue: 1,
      amount: '999999999999.99',
    },
    { title: 'No amount', description: 'null optional field', date: new Date('2025-01-02Z'), day: 2 },
  ]);
  // The seeded experiments change too: one edited, one deleted, one added after them.
  await db.update(experiments).set({ title: TRICKY_TEXT, projectCount: 0 }).where(eq(experiments.id, 1));
  await db.delete(experiments).where(eq(experiments.id, 2));
  await db.insert(experiments).values({
    title: 'Added',
    description: 'An experiment of the admin',
    status: 'Flagship',
    statusColor: 'pink',
    projectCount: 2_147_483_647,
    imageUrl: 'https://example.com/a.png?x="1"&y=2',
    slug: 'added',
    story: TRICKY_TEXT,
    state: 'killed',
    stateChangedAt: new Date('2026-11-20T10:00:00Z'),
    verdict: 'No one came.',
  });
  // Money per experiment (docs/decisions/082-experiment-money.md) and recurring revenue (080).
  const [costImport] = await db
    .insert(costImports)
    .values({ format: 'openai', added: 1, total: '12.34' })
    .returning();
  await db.insert(costs).values([
    {
      amount: '12.34',
      date: new Date('2026-01-31T00:00:00Z'),
      category: 'ai-models',
      description: TRICKY_TEXT,
      experimentId: 1,
      format: 'openai',
      externalId: 'line-1',
      importId: costImport!.id,
    },
    {
      amount: '0.01',
      date: new Date('2026-02-01T12:00:00.123Z'),
      category: 'hosting',
      description: 'A server',
    },
  ]);
  // Costs stored before they had a history get it, as at a start-up after migration 0021.
  await upgradeLedger(db);
  await db.insert(experimentAssignments).values([
    { experimentId: 1, provider: 'stripe', kind: 'connection' },
    { experimentId: 3, provider: 'paddle', kind: 'price', value: 'pri_01h' },
  ]);
  await db.insert(subscriptionPeriods).values({
    provider: 'stripe',
    externalId: 'il_1',
    subscriptionId: 'sub_1',
    customerId: 'cus_1',
    productId: 'prod_1',
    priceId: null,
    periodStart: new Date('2026-01-01T00:00:00Z'),
    periodEnd: new Date('2027-01-01T00:00:00Z'),
    amount: '1200.00',
    currency: 'EUR',
    intervalUnit: 'year',
    intervalCount: 1,
  });
  await db.insert(subscribers).values([
    { email: 'reader@example.com', status: 'confirmed', confirmedAt: new Date('2025-01-01T00:00:00.123Z') },
    { email: 'no-consent@example.com', consent: 0, createdAt: new Date('2024-12-31T23:59:59.999Z') },
  ]);
  const [reader] = await db.select().from(subscribers).where(eq(subscribers.email, 'reader@example.com'));
  // The unsubscribe links of mails already sent must survive a move; a confirmation link may not.
  await db.insert(subscriberTokens).values([
    { tokenHash: 'a'.repeat(64), subscriberId: reader!.id, purpose: 'unsubscribe' },
    { tokenHash: 'b'.repeat(64), subscriberId: reader!.id, purpose: 'unsubscribe' },
    {
      tokenHash: 'c'.repeat(64),
      subscriberId: reader!.id,
      purpose: 'confirm',
      expiresAt: new Date('2030-01-01Z'),
    },
  ]);
  await db.insert(broadcasts).values([
    { subject: 'Day 1', body: TRICKY_TEXT, status: 'sent', sentAt: new Date('2025-01-02T03:04:05.006Z') },
    { subject: 'A draft', body: '**Markdown**' },
  ]);
  // The owner's welcome mail and digest switch (decision 097).
  await db.insert(newsletterAutomation).values({
    welcomeEnabled: true,
    welcomeSubject: 'Welcome',
    welcomeBody: TRICKY_TEXT,
    digestEnabled: true,
    digestDraftedMonth: '2026-10',
  });
  await saveSettings(db, {
    ...DEFAULTS,
    siteName: 'Tricky <b>&amp;</b> "name"',
    story: TRICKY_TEXT,
    links: { ...DEFAULTS.links, github: 'https://github.com/o?x="1"&y=2' },
  });
}

/** An import, and an entry's history with corrections in the hash-chained ledger. */
async function fillHistory(db: Database): Promise<void> {
  const [imported] = await db
    .insert(revenueImports)
    .values({ provider: 'stripe', source: 'ai', added: 1, total: '12.34' })
    .returning();
  await db.insert(revenues).values({
    amount: '12.34',
    source: 'ai',
    description: 'Imported',
    provider: 'stripe',
    externalId: 'ch_1',
    importId: imported!.id,
  });
  const values = {
    amount: '5.00',
    source: 'ai',
    description: 'Edited twice',
    date: new Date('2025-04-01Z'),
  } as const;
  const edited = await createRevenue(db, values);
  await updateRevenue(db, edited.id, { ...values, amount: '6.00' }, { reason: TRICKY_TEXT });
  await updateRevenue(db, edited.id, { ...values, description: 'Edited twice, then deleted' });
  await deleteRevenue(db, edited.id, { reason: 'Duplicate' });
  // The entries inserted above in SQL are published as a server's next start publishes them.
  await upgradeLedger(db);
}

/** Everything a restore must reproduce: every dumped table with ids, and what the triggers keep. */
async function contents(db: Database) {
  const tables = {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    userFactors: await db.select().from(userFactors).orderBy(asc(userFactors.userId)),
    recoveryCodes: await db.select().from(recoveryCodes).orderBy(asc(recoveryCodes.codeHash)),
    passkeys: await db.select().from(passkeys).orderBy(asc(passkeys.id)),
    revenueImports: await db.select().from(revenueImports).orderBy(asc(revenueImports.id)),
    revenues: await db.select().from(revenues).orderBy(asc(revenues.id)),
    revenueChanges: await db.select().from(revenueChanges).orderBy(asc(revenueChanges.id)),
    revenueLedger: await db.select().from(revenueLedger).orderBy(asc(revenueLedger.id)),
    milestones: await db.select().from(milestones).orderBy(asc(milestones.id)),
    experiments: await db.select().from(experiments).orderBy(asc(experiments.id)),
    subscribers: await db.select().from(subscribers).orderBy(asc(subscribers.id)),
    subscriberTokens: await db
      .select()
      .from(subscriberTokens)
      .where(eq(subscriberTokens.purpose, 'unsubscribe'))
      .orderBy(asc(subscriberTokens.tokenHash)),
    siteSettings: await db.select().from(siteSettings),
    broadcasts: await db.select().from(broadcasts).orderBy(asc(broadcasts.id)),
    newsletterAutomation: await db.select().from(newsletterAutomation),
  };
  const totals = await db.select().from(revenueTotals).orderBy(asc(revenueTotals.source));
  const counts = await db.select().from(rowCounts).orderBy(asc(rowCounts.tableName));
  return { tables, totals, counts };
}

/** Through the text a file would hold, as the CLI writes and reads it. */
const throughFile = (backup: Backup): unknown => JSON.parse(JSON.stringify(backup));

let source: TestDatabase;
let backup: Backup;
const opened: TestDatabase[] = [];
const freshDatabase = async () => {
  const database = await createTestDatabase();
  opened.push(database);
  return database.handle.db;
};

beforeAll(async () => {
  source = await createTestDatabase();
  opened.push(source);
  await fill(source.handle.db);
  backup = await dumpDatabase(source.handle.db);
});
afterAll(async () => {
  for (const database of opened) await database.cleanup();
});

describe('a backup', () => {
  it('leaves the providers’ keys out unless asked, and a connection restored without one asks for it', async () => {
    const db = await freshDatabase();
    const sealed = { apiKeySealed: 'v1.sealed-api-key-0123', webhookSecretSealed: 'v1.sealed-secret-4567' };
    await db
      .insert(providerConnections)
      .values({ provider: 'stripe', status: 'ok', accountId: 'acct_1', ...sealed });
    const plain = await dumpDatabase(db);
    expect(JSON.stringify(plain)).not.toContain('sealed-');
    expect(plain.tables.providerConnections).toEqual([
      expect.objectContaining({ provider: 'stripe', apiKeySealed: '', webhookSecretSealed: null }),
    ]);
    const withKeys = await dumpDatabase(db, { withKeys: true });
    expect(withKeys.tables.providerConnections[0]).toMatchObject(sealed);

    const keyless = await freshDatabase();
    await restoreDatabase(keyless, throughFile(plain));
    expect(await keyless.select().from(providerConnections)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        status: 'key-rejected',
        lastError: RESTORED_WITHOUT_KEY,
        accountId: 'acct_1',
        apiKeySealed: '',
      }),
    ]);
    const keyed = await freshDatabase();
    await restoreDatabase(keyed, throughFile(withKeys));
    expect(await keyed.select().from(providerConnections)).toEqual(
      await db.select().from(providerConnections),
    );
  });

  it('names its format, the latest migration and every data table, without the derived ones', () => {
    expect(backup).toMatchObject({
      format: 'journey-backup',
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      migration: { tag: latestMigrationTag(), hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(Object.keys(backup.tables)).toEqual(BACKUP_TABLE_NAMES);
    expect(Object.keys(backup.tables)).not.toContain('revenueTotals');
    expect(Object.keys(backup.tables)).not.toContain('rowCounts');
  });

  it('keeps values exact: numerics as strings, timestamps with milliseconds, json as json', () => {
    const [largest] = backup.tables.revenues;
    expect(largest).toMatchObject({ amount: '999999999999.99', date: '1970-01-01T00:00:00.000Z' });
    expect(backup.tables.sessions[0]).toMatchObject({
      data: { renewedAt: 1_790_000_000_123, note: TRICKY_TEXT },
      expiresAt: '2027-01-01T12:30:45.678Z',
    });
    expect(backup.tables.milestones[1]).toMatchObject({ amount: null, isRevenue: 0 });
  });

  it('restores into a fresh database row for row, ids included, and the triggers rebuild the totals', async () => {
    const target = await freshDatabase();
    const written = await restoreDatabase(target, throughFile(backup));
    const expected = await contents(source.handle.db);
    expect(written).toEqual({
      users: 2,
      sessions: 3,
      revenueImports: 1,
      revenues: 4,
      revenueChanges: 6,
      revenueLedger: 11,
      milestones: 2,
      experiments: 5,
      subscribers: 2,
      subscriberTokens: 2,
      siteSettings: 1,
      broadcasts: 2,
      newsletterAutomation: 1,
      providerConnections: 0,
      subscriptionPeriods: 1,
      costImports: 1,
      costs: 2,
      experimentAssignments: 2,
      userFactors: 2,
      recoveryCodes: 2,
      passkeys: 1,
    });
    expect(await contents(target)).toEqual(expected);
    expect(await target.select().from(subscriberTokens)).toHaveLength(2);
    expect(expected.totals.find((row) => row.source === 'ai')?.amount).toBe('1000000000012.33');
    expect(await firstBrokenLedgerRow(await listLedger(target))).toBeNull();

    // New rows after a restore get ids after the restored ones: the sequences were moved.
    const maxId = (rows: { id: number }[]) => Math.max(...rows.map((row) => row.id));
    const [user] = await target
      .insert(users)
      .values({ username: 'new', password: 'x', email: 'new@example.com' })
      .returning();
    const [revenue] = await target
      .insert(revenues)
      .values({ amount: '1.00', source: 'ai', description: 'After restore' })
      .returning();
    const [milestone] = await target
      .insert(milestones)
      .values({ title: 'After', description: 'restore', date: new Date(), day: 3 })
      .returning();
    const [experiment] = await target
      .insert(experiments)
      .values({ ...expected.tables.experiments[0]!, id: undefined, slug: 'after-restore' })
      .returning();
    const [subscriber] = await target.insert(subscribers).values({ email: 'new@example.com' }).returning();
    expect(user!.id).toBe(maxId(expected.tables.users) + 1);
    expect(revenue!.id).toBe(maxId(expected.tables.revenues) + 1);
    expect(milestone!.id).toBe(maxId(expected.tables.milestones) + 1);
    expect(experiment!.id).toBe(maxId(expected.tables.experiments) + 1);
    expect(subscriber!.id).toBe(maxId(expected.tables.subscribers) + 1);
    // The history's sequences moved too, and the ledger chains on from the restored rows.
    await updateRevenue(target, revenue!.id, {
      amount: '2.00',
      source: 'ai',
      description: 'After restore',
      date: revenue!.date,
    });
    const changes = await target.select().from(revenueChanges).orderBy(asc(revenueChanges.id));
    expect(changes.at(-1)!.id).toBe(maxId(expected.tables.revenueChanges) + 1);
    const ledger = await listLedger(target);
    expect(ledger.at(-1)!.id).toBe(maxId(expected.tables.revenueLedger) + 1);
    expect(await firstBrokenLedgerRow(ledger)).toBeNull();
  });

  it('is refused by a database that holds data, which stays as it was', async () => {
    const before = await contents(source.handle.db);
    await expect(restoreDatabase(source.handle.db, throughFile(backup))).rejects.toThrow(
      new BackupError(
        'The target database is not empty: users (2), sessions (3), revenues (4), revenueChanges (6), milestones (2), ' +
          'subscribers (2), broadcasts (2). Restore into a new database.',
      ),
    );
    expect(await contents(source.handle.db)).toEqual(before);
  });

  it('replaces the settings a fresh database stored at its first read', async () => {
    const target = await freshDatabase();
    expect(
      await getSettings(target, defaultSettings({ productName: 'Fresh', today: '2025-07-01' })),
    ).toMatchObject({
      productName: 'Fresh',
    });
    await restoreDatabase(target, throughFile(backup));
    expect(await contents(target)).toEqual(await contents(source.handle.db));
    expect((await getSettings(target, DEFAULTS)).siteName).toBe('Tricky <b>&amp;</b> "name"');
  });

  it('restores the subscribers of a backup from before double opt-in as confirmed, as migration 0006 did', async () => {
    const target = await freshDatabase();
    const { broadcasts: _broadcasts, ...older } = backup.tables;
    const olderSubscribers = older.subscribers.map(
      ({
        status: _status,
        consentVersion: _version,
        confirmedAt: _at,
        unsubscribedAt: _u,
        confirmationQueuedAt: _q,
        ...row
      }) => row,
    );
    const written = await restoreDatabase(target, {
      ...(throughFile(backup) as Backup),
      tables: { ...older, subscribers: olderSubscribers },
    });
    expect(written.broadcasts).toBe(0);
    const restored = await target.select().from(subscribers).orderBy(asc(subscribers.id));
    expect(restored.map((row) => [row.email, row.status, row.consentVersion, row.confirmedAt])).toEqual([
      ['reader@example.com', 'confirmed', 'v1', null],
      ['no-consent@example.com', 'confirmed', 'v1', null],
    ]);
  });

  it('restores a backup taken before the settings existed, leaving the defaults to the next read', async () => {
    const target = await freshDatabase();
    await getSettings(target, DEFAULTS);
    const { siteSettings: _settings, ...older } = backup.tables;
    const written = await restoreDatabase(target, { ...(throughFile(backup) as Backup), tables: older });
    expect(written.siteSettings).toBe(0);
    expect(await target.$count(siteSettings)).toBe(0);
    expect(await getSettings(target, DEFAULTS)).toEqual(DEFAULTS);
  });

  it('is refused when it comes from a newer schema, or is not a backup at all, and nothing is written', async () => {
    const target = await freshDatabase();
    const before = await contents(target);
    const newer = {
      ...backup,
      migration: { tag: '0099_future', hash: 'f'.repeat(64), when: Date.now() * 2 },
    };
    await expect(restoreDatabase(target, throughFile(newer))).rejects.toThrow(
      `comes from a newer schema (0099_future) than this database (${latestMigrationTag()})`,
    );
    await expect(restoreDatabase(target, { format: 'other' })).rejects.toThrow(/Not a journey backup/);
    await expect(restoreDatabase(target, { ...backup, version: 2 })).rejects.toThrow(
      /version 2 is not supported/,
    );
    const { subscribers: _dropped, ...partial } = backup.tables;
    await expect(restoreDatabase(target, { ...backup, tables: partial })).rejects.toThrow(
      'The backup has no "subscribers" table.',
    );
    // A row the constraints refuse rolls back the rows restored before it.
    const broken = throughFile(backup) as Backup;
    broken.tables.subscribers.push({ ...broken.tables.subscribers[0]!, id: 99 });
    await expect(restoreDatabase(target, broken)).rejects.toThrow();
    expect(await contents(target)).toEqual(before);
  });
});

describe('a backup taken while the server writes', () => {
  it('reads one snapshot: rows written together in one transaction are all in it or all missing', async () => {
    const db = await freshDatabase();
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing) {
        await db.transaction(async (tx) => {
          await tx.insert(revenues).values({ amount: '1.00', source: 'ai', description: `Pair ${pairs}` });
          await tx.insert(subscribers).values({ email: `pair-${pairs}@example.com` });
        });
        pairs += 1;
      }
    })();
    try {
      for (let round = 0; round < 8; round++) {
        const { tables } = await dumpDatabase(db);
        // Revenues are read before milestones and experiments, subscribers last: without one snapshot the
        // writer's later pairs would show up in subscribers only.
        expect(tables.subscribers.length).toBe(tables.revenues.length);
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(pairs).toBeGreaterThan(0);
  });
});

// The other driver is only there when the suite runs on PostgreSQL.
describe.runIf(testDatabaseUrl())('a backup across drivers', () => {
  let pglite: DatabaseHandle;
  beforeAll(async () => {
    pglite = await createDatabase({
      driver: 'pglite',
      loadDataDir: new Blob([readFileSync(await pgliteTemplateFile())]),
    });
  });
  afterAll(() => pglite?.close());

  it('taken on PostgreSQL restores into PGlite, and back into PostgreSQL', async () => {
    await restoreDatabase(pglite.db, throughFile(backup));
    const expected = await contents(source.handle.db);
    expect(await contents(pglite.db)).toEqual(expected);
    const back = await freshDatabase();
    await restoreDatabase(back, throughFile(await dumpDatabase(pglite.db)));
    expect(await contents(back)).toEqual(expected);
  });
});
if (!testDatabaseUrl())
  console.log('backup.test.ts: the cross-driver test needs TEST_DATABASE_URL (PostgreSQL)');
