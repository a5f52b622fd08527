import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '@journey/db';
import { pgliteTemplateFile } from '@journey/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildServer, openDatabase } from '../src/server';
import { loginAdmin, registerAdminWith } from './helpers';

const root = mkdtempSync(path.join(os.tmpdir(), 'journey-modes-'));
const dataDir = path.join(root, 'data');
const template = path.join(root, 'template');
let umask: number;

/** Every folder and file under `directory` (itself included) whose mode is not owner-only, with its mode. */
function notPrivate(directory: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path.relative(root, entry)}/ ${mode.toString(8)}`);
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if (mode !== 0o600) found.push(`${path.relative(root, entry)} ${mode.toString(8)}`);
  };
  visit(directory);
  return found;
}

/** Opens everything as the world may: what a careless template, copy or umask leaves behind. */
function makeWorldWritable(directory: string): void {
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    chmodSync(entry, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(directory);
}

/** A server on DATA_DIR as `pnpm start` runs it: the embedded database copied from `template`, a generated secret. */
async function startServer() {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'journey-no-web-app'),
  });
  const database = await openDatabase(config, template);
  const app = await buildServer(config, { database, logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

beforeAll(async () => {
  // The most permissive umask there is: the modes must not depend on the one the server starts with.
  umask = process.umask(0);
  // A template as the build writes one, with every file world-writable (the copy used to keep the modes).
  const dump = new Blob([readFileSync(await pgliteTemplateFile())]);
  await (await createDatabase({ driver: 'pglite', dataDir: template, loadDataDir: dump })).close();
  makeWorldWritable(template);
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

/** Starts a server, runs `step` on it and stops it: DATA_DIR is owner-only after the start, the step and the stop. */
async function whileOwnerOnly(step: (app: FastifyInstance) => Promise<void>) {
  const server = await startServer();
  try {
    expect(notPrivate(dataDir)).toEqual([]);
    await step(server.app);
    expect(notPrivate(dataDir)).toEqual([]);
  } finally {
    await server.close();
  }
  expect(notPrivate(dataDir)).toEqual([]);
}

// Runs on PGlite whichever database the rest of the suite uses: DATA_DIR is the embedded database's.
describe('DATA_DIR (the embedded database and the session secret)', () => {
  // Two starts of the embedded database from files: seconds idle, nearly a minute on a busy machine (decision 058).
  it(
    'is owner-only (folders 0700, files 0600) after a first start, after writes and after a restart',
    { timeout: 300_000 },
    async () => {
      await whileOwnerOnly(async (app) => expect((await registerAdminWith(app)).statusCode).toBe(201));
      // Whatever opened the files up in between (a copy, a restore, an archive), a start closes them again.
      makeWorldWritable(dataDir);
      await whileOwnerOnly(async (app) => expect((await loginAdmin(app)).statusCode).toBe(200));
    },
  );
});
