import { DATA_CHANGE_CHANNEL } from './data-changes';
import { NOTIFYING_TABLES } from './public-tables';

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The trigger this module owns on each notifying table; migration 0004 made the function it runs. */
const TRIGGER = 'public_change';

/**
 * Makes the database's notifying triggers match NOTIFYING_TABLES after the migrations ran, so a new
 * public table is declared once, in public-tables.ts (docs/decisions/075-public-tables-declared-once.md):
 * a listed table with no trigger that notifies gets `public_change`, and a `public_change` on a table
 * the list no longer names is dropped. A table with a notifying trigger of its own (revenues) keeps it.
 * Idempotent, and safe when several servers start at once (CREATE OR REPLACE).
 */
export async function matchPublicChangeTriggers(query: Query): Promise<void> {
  const triggers = await query(
    `select c.relname as "table", t.tgname as "trigger", position($1 in p.prosrc) > 0 as "notifies"
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`,
    [DATA_CHANGE_CHANNEL],
  );
  const notifying = new Set(triggers.filter((row) => row.notifies).map((row) => String(row.table)));
  for (const table of NOTIFYING_TABLES.filter((name) => !notifying.has(name))) {
    await query(
      `create or replace trigger "${TRIGGER}" after insert or update or delete or truncate on "${table}"
         for each statement execute function "notify_public_change"()`,
    );
  }
  const stale = triggers.filter(
    (row) => row.trigger === TRIGGER && !NOTIFYING_TABLES.includes(String(row.table)),
  );
  for (const { table } of stale) await query(`drop trigger if exists "${TRIGGER}" on "${String(table)}"`);
}
