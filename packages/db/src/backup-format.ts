/**
 * What a logical backup file is (docs/decisions/026-logical-json-backups.md): its format, the tables it
 * holds, the migration its database was at, and the check of a parsed file before anything is written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { migrationsFolder, type Database } from './client';
import {
  broadcasts,
  costImports,
  costs,
  experimentAssignments,
  experiments,
  providerConnections,
  milestones,
  newsletterAutomation,
  passkeys,
  recoveryCodes,
  revenueChanges,
  revenueImports,
  revenueLedger,
  revenues,
  sessions,
  siteSettings,
  subscribers,
  subscriberTokens,
  subscriptionPeriods,
  userFactors,
  users,
} from './schema';

export const BACKUP_FORMAT = 'journey-backup';
export const BACKUP_VERSION = 1;

/**
 * In insertion order: a table comes after the tables its foreign keys point to. The mail queue and
 * the outbox are left out: a restored queue could send mail a second time
 * (docs/decisions/040-newsletter-delivery.md). Of the mail tokens only the unsubscribe ones are kept
 * (see SUBSET): every link already mailed must still unsubscribe after a move
 * (docs/decisions/056-newsletter-hardening.md). A provider connection's sealed key and webhook secret
 * are written only when asked (`dumpDatabase`'s `withKeys`, docs/decisions/077-provider-connections.md).
 */
export const BACKUP_TABLES = {
  users,
  sessions,
  // Before revenues and costs, which may name an experiment.
  experiments,
  revenueImports,
  revenues,
  revenueChanges,
  revenueLedger,
  milestones,
  subscribers,
  subscriberTokens,
  siteSettings,
  broadcasts,
  // The welcome mail the owner wrote and the digest's switch (docs/decisions/097-automatic-mail.md).
  newsletterAutomation,
  providerConnections,
  subscriptionPeriods,
  costImports,
  costs,
  experimentAssignments,
  // A TOTP secret travels sealed: it opens under the server secret that sealed it (or one listed as
  // previous); elsewhere the recovery codes sign in (docs/decisions/086-one-time-codes.md).
  userFactors,
  recoveryCodes,
  // Only public keys: a copy signs nobody in. Their challenges live minutes and stay behind
  // (docs/decisions/087-passkeys.md).
  passkeys,
};
export type BackupTableName = keyof typeof BACKUP_TABLES;
export const BACKUP_TABLE_NAMES = Object.keys(BACKUP_TABLES) as BackupTableName[];
/** Tables newer than the backup format: a backup taken before one existed has no rows for it. */
const TABLES_ADDED_LATER: readonly BackupTableName[] = [
  'siteSettings',
  'broadcasts',
  'revenueImports',
  'revenueChanges',
  'revenueLedger',
  'subscriberTokens',
  'providerConnections',
  'subscriptionPeriods',
  'costImports',
  'costs',
  'experimentAssignments',
  'userFactors',
  'recoveryCodes',
  'passkeys',
  'newsletterAutomation',
];

/** The latest migration applied to the database a backup came from; `when` orders migrations. */
export interface BackupMigration {
  tag: string | null;
  hash: string;
  when: number;
}

/** Rows as JSON holds them: numerics as decimal strings, timestamps as ISO 8601 strings with milliseconds. */
export type BackupRow = Record<string, unknown>;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  migration: BackupMigration;
  tables: Record<BackupTableName, BackupRow[]>;
}

/** A backup that cannot be restored here, or a target that must not be overwritten: the message says why. */
export class BackupError extends Error {
  override name = 'BackupError';
}

// Drizzle's own bookkeeping table, declared here (not in schema.ts) so drizzle-kit never manages it.
const migrationsTable = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** Journal timestamps to migration names, so messages can say "0003_constant_time_reads". */
function migrationTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

export async function latestMigration(db: Database): Promise<BackupMigration> {
  const [row] = await db
    .select({ hash: migrationsTable.hash, when: migrationsTable.createdAt })
    .from(migrationsTable)
    .orderBy(desc(migrationsTable.createdAt))
    .limit(1);
  if (!row || row.when === null) throw new BackupError('The database has no applied migrations.');
  return { tag: migrationTags().get(row.when) ?? null, hash: row.hash, when: row.when };
}

export const describeMigration = (migration: BackupMigration) =>
  migration.tag ?? `migration of ${migration.when}`;

/** Checks what a parsed file claims to be before anything is written. */
export function parseBackup(value: unknown): Backup {
  const backup = value as Partial<Backup> | null;
  if (typeof backup !== 'object' || backup === null || backup.format !== BACKUP_FORMAT) {
    throw new BackupError(`Not a journey backup (expected "format": "${BACKUP_FORMAT}").`);
  }
  if (backup.version !== BACKUP_VERSION) {
    throw new BackupError(
      `Backup format version ${String(backup.version)} is not supported (this app reads version ${BACKUP_VERSION}).`,
    );
  }
  const migration = backup.migration;
  if (typeof migration?.when !== 'number' || typeof migration.hash !== 'string') {
    throw new BackupError('The backup does not say which migration its database was at.');
  }
  const tables = { ...backup.tables } as Partial<Backup['tables']>;
  for (const name of TABLES_ADDED_LATER) tables[name] ??= [];
  for (const name of BACKUP_TABLE_NAMES) {
    if (!Array.isArray(tables[name])) throw new BackupError(`The backup has no "${name}" table.`);
  }
  return { ...backup, tables } as Backup;
}
