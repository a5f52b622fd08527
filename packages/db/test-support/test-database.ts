/**
 * Test databases. Each test file gets its own fresh database, started from one migrated
 * template so that no file pays for initdb (6-7 s and ~700 MB for PGlite, docs/architecture.md#platform-facts):
 * - PGlite (default): a gzipped data directory, built once and cached in the temp folder;
 * - PostgreSQL when TEST_DATABASE_URL is set: a template database, copied per file and dropped after.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Logger } from 'drizzle-orm';
import {
  createDatabase,
  dumpMigratedPglite,
  migrationsFolder,
  type DatabaseConfig,
  type DatabaseHandle,
} from '../src/client';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The configuration a server under test can open the same database with (PostgreSQL only). */
  config: DatabaseConfig;
  cleanup(): Promise<void>;
}

/** Changes whenever a migration changes, so a stale template is never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** Says which database the suite runs on, and fails loudly when PostgreSQL was asked for and does not answer. */
export async function ensureTestDatabaseReachable(suite: string): Promise<void> {
  const url = testDatabaseUrl();
  if (!url) {
    console.log(`${suite}: embedded PGlite (set TEST_DATABASE_URL to run them on PostgreSQL)`);
    return;
  }
  const safeUrl = url.replace(/\/\/[^@/]*@/, '//***@');
  const client = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await client`select 1`;
    console.log(`${suite}: PostgreSQL at ${safeUrl}`);
  } catch (error) {
    throw new Error(
      `${suite}: PostgreSQL at ${safeUrl} (TEST_DATABASE_URL) does not answer: ${(error as Error).message}. ` +
        'Start it (pg_ctlcluster 15 main start) or unset TEST_DATABASE_URL to test on PGlite.',
      { cause: error },
    );
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const pgliteTemplatePath = () => path.join(os.tmpdir(), `journey-pglite-template-${migrationsHash()}.tar.gz`);
const postgresTemplateName = () => `journey_template_${migrationsHash()}`;

/** Builds the template once per run (Vitest globalSetup); later calls find it ready. */
export async function prepareTestTemplate(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) await preparePostgresTemplate(url);
  else await pgliteTemplateFile();
}

/** The migrated embedded database as a gzipped data directory, built once per migration set. */
export async function pgliteTemplateFile(): Promise<string> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  const dump = await dumpMigratedPglite();
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, file); // atomic: a parallel run never reads half a file
  return file;
}

async function preparePostgresTemplate(url: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const name = postgresTemplateName();
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists) return;
    const building = `${name}_build_${randomBytes(4).toString('hex')}`;
    await admin.unsafe(`create database "${building}"`);
    const handle = await createDatabase({
      driver: 'postgres',
      url: withDatabase(url, building),
      maxConnections: 1,
    });
    await handle.close();
    try {
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    } catch (error) {
      // Another run finished its template first: keep theirs.
      await admin.unsafe(`drop database if exists "${building}"`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated and seeded database for one test file. */
export async function createTestDatabase(options: { logger?: Logger } = {}): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url) {
    const config: DatabaseConfig = {
      driver: 'pglite',
      loadDataDir: new Blob([readFileSync(await pgliteTemplateFile())]),
      ...options,
    };
    const handle = await createDatabase(config);
    return { handle, config, cleanup: () => handle.close() };
  }

  await prepareTestTemplate();
  const name = `journey_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${postgresTemplateName()}"`);
  } finally {
    await admin.end();
  }
  const config: DatabaseConfig = {
    driver: 'postgres',
    url: withDatabase(url, name),
    maxConnections: 5,
    ...options,
  };
  const handle = await createDatabase(config);
  return {
    handle,
    config,
    cleanup: async () => {
      await handle.close();
      const dropper = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The tag of the newest committed migration (what a fresh database is at), from drizzle-kit's journal. */
export function latestMigrationTag(): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const latest = journal.entries.at(-1);
  if (!latest) throw new Error('the migration journal is empty');
  return latest.tag;
}
