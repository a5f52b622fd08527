import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTOR_CLI } from '@journey/contracts/constants';
import {
  createDatabase,
  findUserByUsername,
  listAuditEvents,
  readSecondFactors,
  schema,
  type DatabaseHandle,
} from '@journey/db';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestDatabase, pgliteTemplateFile, testDatabaseUrl } from '@journey/db/testing';
import { ADMIN } from '@journey/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildServer } from '../src/server';
import { sessionCookie } from './helpers';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const workDir = mkdtempSync(path.join(os.tmpdir(), 'journey-reset-password-'));
const dataDir = path.join(workDir, 'data');
const onPostgres = Boolean(testDatabaseUrl());
const NEW_PASSWORD = 'a new, long passphrase';

/** The database the command reaches as the server would: DATABASE_URL, else PGlite in DATA_DIR. */
let env: Record<string, string>;
let open: () => Promise<DatabaseHandle>;
let cleanup = async () => {};

/** Runs `pnpm admin:reset-password` from the sources, `stdin` piped in as a script or a password manager would. */
function resetPassword(args: string[], stdin: string, extraEnv: Record<string, string> = {}) {
  const tsx = path.join(apiRoot, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['src/tools/reset-password.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, ...env, ...extraEnv, INIT_CWD: workDir },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A server on the database, run for `work` and closed again (the embedded database allows one process). */
async function withServer<T>(work: (server: Awaited<ReturnType<typeof buildServer>>) => Promise<T>) {
  const database = await open();
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-signing-cookies',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'journey-no-web-app'),
  });
  const app = await buildServer(config, { database, logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

const login = (app: Awaited<ReturnType<typeof buildServer>>, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN.username, password } });

let oldCookie: string;
beforeAll(async () => {
  mkdirSync(dataDir);
  if (onPostgres) {
    const test = await createTestDatabase();
    await test.handle.close();
    const url = (test.config as { url: string }).url;
    env = { DATABASE_URL: url, DATA_DIR: dataDir };
    open = () => createDatabase({ driver: 'postgres', url, maxConnections: 2 });
    cleanup = () => test.cleanup();
  } else {
    const pgliteDir = path.join(dataDir, 'pglite');
    const template = new Blob([readFileSync(await pgliteTemplateFile())]);
    await (await createDatabase({ driver: 'pglite', dataDir: pgliteDir, loadDataDir: template })).close();
    env = { DATABASE_URL: '', DATA_DIR: dataDir };
    open = () => createDatabase({ driver: 'pglite', dataDir: pgliteDir });
  }
  oldCookie = await withServer(async (app) => {
    const registered = await app.inject({ method: 'POST', url: '/api/register', payload: ADMIN });
    expect(registered.statusCode).toBe(201);
    return sessionCookie(registered);
  });
});
afterAll(async () => {
  await cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

// Each run starts a process (tsx, the database): seconds idle, a minute on a busy machine (decision 058).
describe(
  `pnpm admin:reset-password on ${onPostgres ? 'PostgreSQL' : 'a PGlite DATA_DIR'}`,
  { timeout: 300_000 },
  () => {
    it('refuses a password on the command line, a missing username, and an unknown user, with exit code 1', async () => {
      const withArgument = await resetPassword([ADMIN.username, NEW_PASSWORD], '');
      expect(withArgument.code).toBe(1);
      expect(withArgument.stderr).toContain('usage: pnpm admin:reset-password USERNAME');
      expect((await resetPassword([], NEW_PASSWORD)).stderr).toContain('usage:');

      const unknown = await resetPassword(['nobody'], `${NEW_PASSWORD}\n`);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user named "nobody"');
      expect(unknown.stderr).not.toContain('    at ');
    });

    it('refuses a password the registration would refuse, and changes nothing', async () => {
      const short = await resetPassword([ADMIN.username], '12345\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toContain('Password must be at least 6 characters');
      const empty = await resetPassword([ADMIN.username], '');
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('Password must be at least 6 characters');
      await withServer(async (app) => expect((await login(app, ADMIN.password)).statusCode).toBe(200));
    });

    it('sets the new password from stdin and ends the sessions: the old password and cookie no longer sign in', async () => {
      await withServer(async (app) => {
        const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldCookie } });
        expect(me.statusCode).toBe(200);
      });

      const reset = await resetPassword([ADMIN.username.toUpperCase()], `${NEW_PASSWORD}\n`);
      expect(reset.stderr).not.toContain('Error');
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain(`New password set for ${ADMIN.username}`);
      expect(reset.stdout).not.toContain(NEW_PASSWORD);

      await withServer(async (app) => {
        expect((await login(app, ADMIN.password)).statusCode).toBe(401);
        expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200);
        const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldCookie } });
        expect(me.statusCode).toBe(401);
      });
    });

    it.skipIf(onPostgres)('refuses to change an embedded database a server has open', async () => {
      const database = await open();
      try {
        const refused = await resetPassword([ADMIN.username], `${NEW_PASSWORD}\n`);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is in use: stop the server first');
      } finally {
        await database.close();
      }
    });

    it('keeps the second factors unless --clear-factors asks, and records each run in the audit trail', async () => {
      // One-time codes on and required, as an owner locked out of them would have.
      await withServer(async (app) => {
        const cookie = sessionCookie(await login(app, NEW_PASSWORD));
        const asOwner = (method: 'POST' | 'PUT', url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { cookie, 'content-type': 'application/json' },
            payload: payload ?? {},
          });
        const { secret } = (await asOwner('POST', '/api/admin/factors/totp')).json() as { secret: string };
        const confirmed = await asOwner('POST', '/api/admin/factors/totp/confirm', {
          code: await generate({ secret }),
        });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect((await asOwner('PUT', '/api/admin/factors/required', { required: true })).statusCode).toBe(
          200,
        );
      });
      const factorsOf = async () => {
        const database = await open();
        try {
          const user = await findUserByUsername(database.db, ADMIN.username);
          const state = await readSecondFactors(database.db, user!.id);
          const trail = await listAuditEvents(database.db, { limit: 10, actor: AUDIT_ACTOR_CLI });
          const notices = await database.db
            .select({
              auditEventId: schema.mailQueue.auditEventId,
              recipient: schema.mailQueue.recipient,
              linkOrigin: schema.mailQueue.linkOrigin,
            })
            .from(schema.mailQueue)
            .where(eq(schema.mailQueue.kind, 'security'))
            .orderBy(schema.mailQueue.id);
          return { state, trail: trail.rows, notices };
        } finally {
          await database.close();
        }
      };

      const kept = await resetPassword([ADMIN.username], `${NEW_PASSWORD}\n`);
      expect(kept.code, kept.stderr).toBe(0);
      expect(kept.stdout).toContain('Second factors kept; add --clear-factors to remove them too.');
      const afterKept = await factorsOf();
      expect(afterKept.state.totp?.confirmedAt).toBeTruthy();
      expect(afterKept.state.required).toBe(true);
      // Newest first: this run's row, then the earlier test's reset.
      expect(afterKept.trail.slice(0, 1).map((row) => [row.action, row.detail])).toEqual([
        ['password.reset', { clearFactors: false }],
      ]);

      // With SMTP configured, each change is queued as a notice to the owner (decision 089).
      const withMail = {
        SMTP_URL: 'smtp://user:secret@127.0.0.1:2525',
        MAIL_FROM: 'Journey <news@journey.example>',
        PUBLIC_URL: 'https://journey.example',
      };
      const cleared = await resetPassword([ADMIN.username, '--clear-factors'], `${NEW_PASSWORD}\n`, withMail);
      expect(cleared.code, cleared.stderr).toBe(0);
      expect(cleared.stdout).toContain(
        'Second factors cleared: one-time codes, 10 recovery codes, 0 passkeys',
      );
      const afterCleared = await factorsOf();
      expect(afterCleared.state.totp).toBeNull();
      expect(afterCleared.state.recoveryCodesLeft).toBe(0);
      expect(afterCleared.state.required).toBe(false);
      expect(
        afterCleared.trail.slice(0, 3).map((row) => [row.action, row.actor, row.sessionId, row.ip]),
      ).toEqual([
        ['factor.cleared', 'cli', null, null],
        ['password.reset', 'cli', null, null],
        ['password.reset', 'cli', null, null],
      ]);
      expect(afterCleared.trail[0]!.detail).toMatchObject({
        totp: 1,
        recoveryCodes: 10,
        passkeys: 0,
        wasRequired: true,
      });
      expect(afterCleared.trail[1]!.detail).toEqual({ clearFactors: true });
      expect(afterCleared.notices).toEqual(
        [afterCleared.trail[1]!.id, afterCleared.trail[0]!.id].map((auditEventId) => ({
          auditEventId,
          recipient: ADMIN.email,
          linkOrigin: 'https://journey.example',
        })),
      );
      // Without SMTP the earlier run queued none.
      expect(afterKept.notices).toEqual([]);
      // Signed in with the password alone again.
      await withServer(async (app) => expect((await login(app, NEW_PASSWORD)).statusCode).toBe(200));
    });
  },
);
