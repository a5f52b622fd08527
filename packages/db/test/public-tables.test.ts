import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CHANGE_CHANNEL, NOTIFYING_TABLES, PUBLIC_TABLES, publicTablesChangedBy } from '../src';
import { matchPublicChangeTriggers } from '../src/public-change-triggers';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.cleanup());

/** pg_trigger.tgtype's bits for INSERT, DELETE, UPDATE and TRUNCATE: all four of them. */
const EVERY_WRITE = 4 | 8 | 16 | 32;

describe('the list of public tables', () => {
  /** Each table with a trigger that notifies, and the writes those triggers cover. */
  async function notifyingTriggers(): Promise<Record<string, number>> {
    // A trigger notifies when its function's source sends on the channel (notify_public_change,
    // revenues_apply); the events of a table's triggers together must cover every write.
    const rows = await database.handle.query(
      `select c.relname as "table", bit_or(t.tgtype::int & ${EVERY_WRITE}) as events
         from pg_trigger t
         join pg_class c on c.oid = t.tgrelid
         join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and position($1 in p.prosrc) > 0
        group by c.relname`,
      [DATA_CHANGE_CHANNEL],
    );
    return Object.fromEntries(rows.map((row) => [String(row.table), Number(row.events)]));
  }

  it('names exactly the tables whose triggers notify, on every kind of write', async () => {
    const notifying = await notifyingTriggers();
    expect(Object.keys(notifying).sort()).toEqual([...NOTIFYING_TABLES].sort());
    for (const table of NOTIFYING_TABLES) expect(notifying[table], table).toBe(EVERY_WRITE);
  });

  it('gives a listed table its trigger back, and takes it from a table the list does not name', async () => {
    const before = await notifyingTriggers();
    await database.handle.query(`drop trigger "public_change" on "milestones"`);
    await database.handle.query(
      `create trigger "public_change" after insert or update or delete or truncate on "subscribers"
         for each statement execute function "notify_public_change"()`,
    );
    expect(Object.keys(await notifyingTriggers()).sort()).not.toEqual(Object.keys(before).sort());

    // What every start runs after the migrations; twice, as two servers starting together would.
    await matchPublicChangeTriggers(database.handle.query);
    await matchPublicChangeTriggers(database.handle.query);
    expect(await notifyingTriggers()).toEqual(before);
  });

  it('maps a notification back to the public tables it concerns, and an unknown one to all', () => {
    expect(publicTablesChangedBy('revenues')).toEqual(['revenues']);
    expect(publicTablesChangedBy('revenue_ledger')).toEqual(['revenues']);
    expect(publicTablesChangedBy('milestones')).toEqual(['milestones']);
    expect(publicTablesChangedBy('experiments')).toEqual(['experiments']);
    expect(publicTablesChangedBy('site_settings')).toEqual(['settings']);
    expect(publicTablesChangedBy('something_new')).toEqual(Object.keys(PUBLIC_TABLES));
  });
});
