/**
 * Logical backups: every data table as JSON rows, read through Drizzle, so a dump taken from PGlite
 * restores into PostgreSQL and back. The tables kept by triggers (`revenue_totals`, `row_counts`) are
 * not written: the triggers rebuild them as the rows are inserted again.
 */
import { asc, count, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { firstBrokenRowOfAnyVersion, upgradeLedger } from './ledger-upgrade';
import type { LedgerRow } from './revenue-ledger';
import {
  BACKUP_FORMAT,
  BACKUP_TABLE_NAMES,
  BACKUP_TABLES,
  BACKUP_VERSION,
  describeMigration,
  latestMigration,
  parseBackup,
  BackupError,
  type Backup,
  type BackupRow,
  type BackupTableName,
} from './backup-format';
import {
  broadcasts,
  experiments,
  milestones,
  providerConnections,
  recoveryCodes,
  revenueChanges,
  revenues,
  sessions,
  siteSettings,
  subscribers,
  subscriberTokens,
  userFactors,
  users,
} from './schema';

/**
 * Tables backed up in part, and the order their rows are read in (tables without an `id`). Confirmation
 * tokens expire within days and confirm nothing once used: a move may cut them off, say the docs.
 */
const SUBSET: Partial<Record<BackupTableName, { where: SQL; orderBy: PgColumn }>> = {
  subscriberTokens: {
    where: eq(subscriberTokens.purpose, 'unsubscribe'),
    orderBy: subscriberTokens.tokenHash,
  },
};
/** The order rows of a table without an `id` are read in. */
const KEY_COLUMN: Partial<Record<BackupTableName, PgColumn>> = {
  providerConnections: providerConnections.provider,
  // One TOTP per user; recovery codes are random, so their hashes are unique in practice.
  userFactors: userFactors.userId,
  recoveryCodes: recoveryCodes.codeHash,
};

/**
 * Columns added later whose value for an older row is not the column's default: what the migration
 * that added them gave the rows it found (0006: subscribers from before double opt-in stay subscribed).
 */
const OLDER_ROWS: Partial<Record<BackupTableName, BackupRow>> = { subscribers: { status: 'confirmed' } };

/**
 * Tables whose `id` is a serial or bigserial: their sequences restart after the highest restored id.
 * The ledger's rows come back as they were, hashes included, so its chain still verifies
 * (docs/decisions/043-correction-ledger.md).
 */
const SERIAL_TABLES = Object.values(BACKUP_TABLES).flatMap((table) =>
  'id' in table && ['PgSerial', 'PgBigSerial53'].includes(table.id.columnType) ? [table] : [],
); /**
 * A database holding any of these is in use; a restore refuses it. Experiments are seeded and the
 * settings stored at the first read (docs/decisions/037-owner-settings.md), so a fresh database may
 * hold both: a restore replaces them.
 */
const USER_DATA_TABLES = {
  users,
  sessions,
  revenues,
  revenueChanges,
  milestones,
  subscribers,
  broadcasts,
  providerConnections,
};

/**
 * Reads every table in one REPEATABLE READ, READ ONLY transaction: one snapshot, so the backup is
 * consistent while a server on PostgreSQL keeps writing.
 */
export async function dumpDatabase(db: Database, options: { withKeys?: boolean } = {}): Promise<Backup> {
  return db.transaction(
    async (tx) => {
      const tables = {} as Backup['tables'];
      for (const name of BACKUP_TABLE_NAMES) {
        const table = BACKUP_TABLES[name];
        const subset = SUBSET[name];
        const rows = subset
          ? await tx.select().from(table).where(subset.where).orderBy(asc(subset.orderBy))
          : await tx
              .select()
              .from(table)
              .orderBy(asc(KEY_COLUMN[name] ?? (table as { id: PgColumn }).id));
        // Dates become ISO strings with milliseconds (the columns hold milliseconds, so nothing is lost).
        const json = JSON.parse(JSON.stringify(rows)) as BackupRow[];
        tables[name] = name === 'providerConnections' && !options.withKeys ? json.map(withoutKeys) : json;
      }
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migration: await latestMigration(tx),
        tables,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** A connection as a backup without keys holds it: no sealed key (an empty one), no webhook secret. */
const withoutKeys = (row: BackupRow): BackupRow => ({ ...row, apiKeySealed: '', webhookSecretSealed: null });

/** Said by a connection restored without its key, until the owner pastes it again. */
export const RESTORED_WITHOUT_KEY = 'Restored from a backup without its key: connect it again.';

/** A connection restored without its key waits, flagged, for a new one; a sync would only fail. */
const restoredConnection = (row: BackupRow): BackupRow =>
  row.apiKeySealed ? row : { ...row, status: 'key-rejected', lastError: RESTORED_WITHOUT_KEY };

/** JSON rows back into what Drizzle inserts: ISO strings into Dates for timestamp columns. */
function toInsertRows(table: PgTable, name: BackupTableName, rows: BackupRow[]): BackupRow[] {
  const timestampKeys = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
  const olderRow = OLDER_ROWS[name] ?? {};
  return rows.map((row) => {
    const converted = { ...olderRow, ...(name === 'providerConnections' ? restoredConnection(row) : row) };
    for (const key of timestampKeys) {
      const value = converted[key];
      if (value === null || value === undefined) continue;
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime()))
        throw new BackupError(`${name}: "${String(value)}" is not a timestamp.`);
      converted[key] = date;
    }
    return converted;
  });
}

const INSERT_CHUNK_ROWS = 500;

/** Names the tables holding data, or returns an empty list for a database a restore may fill. */
async function tablesInUse(db: Database): Promise<string[]> {
  const inUse: string[] = [];
  for (const [name, table] of Object.entries(USER_DATA_TABLES)) {
    const [row] = await db.select({ rows: count() }).from(table);
    if (row && row.rows > 0) inUse.push(`${name} (${row.rows})`);
  }
  return inUse;
}

/**
 * Loads a backup into an empty database (only the seeded experiments and the settings, which it replaces), in one
 * transaction: a failure leaves the target as it was. Returns the rows written per table.
 */
export async function restoreDatabase(
  db: Database,
  input: unknown,
): Promise<Record<BackupTableName, number>> {
  const backup = parseBackup(input);
  return db.transaction(async (tx) => {
    const current = await latestMigration(tx);
    if (backup.migration.when > current.when) {
      throw new BackupError(
        `The backup comes from a newer schema (${describeMigration(backup.migration)}) than this database ` +
          `(${describeMigration(current)}): update the app, start it once to migrate, then restore.`,
      );
    }
    const inUse = await tablesInUse(tx);
    if (inUse.length > 0) {
      throw new BackupError(
        `The target database is not empty: ${inUse.join(', ')}. Restore into a new database.`,
      );
    }
    // A ledger whose chain does not verify would be published as if it did.
    const brokenAt = await firstBrokenRowOfAnyVersion(
      backup.tables.revenueLedger.map((row) => row as unknown as LedgerRow),
    );
    if (brokenAt !== null) {
      throw new BackupError(
        `The backup's ledger does not verify: its chain breaks at row ${brokenAt}. Restore an intact backup.`,
      );
    }
    // Every experiment goes, seeded or not, and so do the settings: the backup's are what the site
    // showed (a backup without settings leaves the defaults to the next read).
    await tx.delete(experiments).where(sql`true`);
    await tx.delete(siteSettings).where(sql`true`);

    const written = {} as Record<BackupTableName, number>;
    for (const name of BACKUP_TABLE_NAMES) {
      const table = BACKUP_TABLES[name];
      const rows = toInsertRows(table, name, backup.tables[name]);
      for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
        // Rows are checked by the table's own constraints; the typed insert cannot see JSON's shape.
        await tx.insert(table).values(rows.slice(start, start + INSERT_CHUNK_ROWS) as never);
      }
      written[name] = rows.length;
    }
    // Ids were inserted as they were: the sequences must start after them, or the next insert collides.
    for (const table of SERIAL_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), coalesce(max(${table.id}), 0) + 1, false) from ${table}`,
      );
    }
    // A backup taken before the ledger covered every write comes back up to date.
    await upgradeLedger(tx);
    return written;
  });
}
