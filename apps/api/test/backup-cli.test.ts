import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  countUsers,
  createDatabase,
  dumpDatabase,
  getRevenueSummary,
  RESTORED_WITHOUT_KEY,
  schema,
  type DatabaseHandle,
} from '@journey/db';
import {
  createTestDatabase,
  pgliteTemplateFile,
  testDatabaseUrl,
  type TestDatabase,
  latestMigrationTag,
} from '@journey/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const workDir = mkdtempSync(path.join(os.tmpdir(), 'journey-backup-cli-'));
const onPostgres = Boolean(testDatabaseUrl());

/**
 * One database the commands reach as the server would: DATABASE_URL on PostgreSQL, else a PGlite
 * DATA_DIR (started from the migrated template, as a first start of the built server does).
 */
interface ServerDatabase {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function serverDatabase(name: string): Promise<ServerDatabase> {
  const dataDir = path.join(workDir, name);
  mkdirSync(dataDir);
  if (onPostgres) {
    const test: TestDatabase = await createTestDatabase();
    await test.handle.close();
    const config = test.config as { url: string };
    return {
      env: { DATABASE_URL: config.url, DATA_DIR: dataDir },
      open: () => createDatabase({ driver: 'postgres', url: config.url, maxConnections: 1 }),
      cleanup: () => test.cleanup(),
    };
  }
  const pgliteDir = path.join(dataDir, 'pglite');
  const template = new Blob([readFileSync(await pgliteTemplateFile())]);
  await (await createDatabase({ driver: 'pglite', dataDir: pgliteDir, loadDataDir: template })).close();
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => createDatabase({ driver: 'pglite', dataDir: pgliteDir }),
    cleanup: async () => {},
  };
}

/** Runs a command from the sources, as `pnpm db:backup` does, started from `workDir`. */
async function run(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const tsx = path.join(apiRoot, 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [`src/tools/${script}.ts`, ...args], {
      cwd: apiRoot,
      env: { ...process.env, ...env, INIT_CWD: workDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Every dumped table and the totals the triggers keep, read with the database closed again after. */
async function contents(database: ServerDatabase) {
  const handle = await database.open();
  try {
    const { tables } = await dumpDatabase(handle.db);
    return { tables, summary: await getRevenueSummary(handle.db), users: await countUsers(handle.db) };
  } finally {
    await handle.close();
  }
}

let source: ServerDatabase;
let target: ServerDatabase;
beforeAll(async () => {
  source = await serverDatabase('source');
  target = await serverDatabase('target');
  const handle = await source.open();
  try {
    const [user] = await handle.db
      .insert(schema.users)
      .values({ username: 'founder', password: 'scrypt$hash', email: 'founder@example.com' })
      .returning();
    await handle.db.insert(schema.sessions).values({
      id: 'f'.repeat(64),
      userId: user!.id,
      data: { renewedAt: 1 },
      expiresAt: new Date('2030-01-01T00:00:00.123Z'),
    });
    await handle.db.insert(schema.revenues).values([
      { amount: '999999999999.99', source: 'ai', description: 'Largest «amount»' },
      { amount: '0.50', source: 'passive', description: `It's "quoted"` },
    ]);
    await handle.db
      .insert(schema.milestones)
      .values({ title: 'Launch', description: 'Day one', date: new Date(), day: 1 });
    await handle.db.insert(schema.subscribers).values({ email: 'reader@example.com' });
    await handle.db
      .insert(schema.providerConnections)
      .values({ provider: 'paddle', status: 'ok', apiKeySealed: 'v1.sealed-paddle-key' });
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await source?.cleanup();
  await target?.cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

describe(`pnpm db:backup and db:restore on ${onPostgres ? 'PostgreSQL' : 'a PGlite DATA_DIR'}`, () => {
  let backupFile: string;

  it('writes the backup under backups/ where the command was started and says what it wrote', async () => {
    const result = await run('backup', source.env);
    // Only the embedded database can be corrupted by a second process.
    expect(result.stderr.includes('Warning: stop the server first')).toBe(!onPostgres);
    expect(result.code).toBe(0);
    const [name] = readdirSync(path.join(workDir, 'backups'));
    expect(name).toMatch(/^journey-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
    backupFile = path.join(workDir, 'backups', name!);
    const { size, mode } = statSync(backupFile);
    expect(mode & 0o777).toBe(0o600);
    expect(result.stdout).toContain(
      `Wrote ${backupFile} (${size} bytes, at migration ${latestMigrationTag()})`,
    );
    expect(result.stdout).toMatch(
      /users +1 rows\n +sessions +1 rows\n +experiments +5 rows\n +revenueImports +0 rows\n +revenues +2 rows\n +revenueChanges +0 rows\n/,
    );
    expect(result.stdout).toMatch(/milestones +\d+ rows\n +subscribers +1 rows\n/);
    expect(result.stdout).toMatch(/subscriptionPeriods +0 rows\n +costImports +0 rows\n +costs +0 rows\n/);
    // The provider's sealed key is left out unless asked.
    expect(result.stdout).toContain('Provider keys left out');
    expect(readFileSync(backupFile, 'utf8')).not.toContain('sealed-paddle-key');
    const keyed = await run('backup', source.env, ['keyed/with-keys.json', '--with-keys']);
    expect(keyed.code).toBe(0);
    expect(readFileSync(path.join(workDir, 'keyed', 'with-keys.json'), 'utf8')).toContain(
      'sealed-paddle-key',
    );
  });

  it('restores it into an empty database, which then holds the same data', async () => {
    const result = await run('restore', target.env, [path.relative(workDir, backupFile)]);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Restoring ${backupFile} into`);
    expect(result.stdout).toContain('Restored.');
    const restored = await contents(target);
    const expected = await contents(source);
    // Restored without its key, the connection asks for it again.
    expected.tables.providerConnections = expected.tables.providerConnections.map((row) => ({
      ...row,
      status: 'key-rejected',
      lastError: RESTORED_WITHOUT_KEY,
    }));
    expect(restored).toEqual(expected);
    expect(restored.summary.totalRevenue).toBe('1000000000000.49');
    expect(restored.users).toBe(1);
  });

  it('refuses to restore into a database holding data, with a message and exit code 1', async () => {
    const result = await run('restore', target.env, [backupFile]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The target database is not empty: users (1), sessions (1), revenues (2), milestones (1), subscribers (1), providerConnections (1).',
    );
    expect(result.stderr).not.toContain('    at '); // a message, not a stack trace
  });

  it('fails clearly on a missing file and on a missing embedded database', async () => {
    const missing = await run('restore', target.env, ['no-such-backup.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Cannot read ${path.join(workDir, 'no-such-backup.json')}`);
    const nothing = await run('backup', { DATABASE_URL: '', DATA_DIR: path.join(workDir, 'empty') });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain(`No embedded database in ${path.join(workDir, 'empty', 'pglite')}`);
  });
});
