/**
 * `pnpm bench:broadcast`: a broadcast to 20,000 confirmed subscribers through the built server to a
 * local SMTP sink with no rate limit (MAIL_RATE_PER_MINUTE=0, MAIL_RATE_PER_DOMAIN_PER_MINUTE=0), with
 * MAIL_SMTP_CONNECTIONS=1 and =4 side by side, then with 4 connections killed (`kill -9`) halfway and
 * started again: every recipient counted at the sink, exactly once or not
 * (docs/decisions/090-sending-at-list-scale.md). On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, schema, type DatabaseConfig } from '@journey/db';
import { registerAdmin, startCountingSmtpSink, type CountingSmtpSink } from '@journey/testing';
import { pgliteBackend, postgresBackend, type Backend } from './fixtures/stores';
import { runMain } from './lib/cleanup';
import { commitOf } from './lib/commit';
import { step } from './lib/log';
import { runContext, runDate } from './report/machine';
import { prependSection } from './report/results-file';
import { startAppServer, type AppServer } from './server/app-server';
import { assertBuilt, buildApp } from './server/build';
import { commandOptions, parseCommand } from './cli/common-options';

const RECIPIENTS = 20_000;
/** The issue's target with 4 connections on the reference machine. */
const TARGET_PER_SECOND = 200;
const BODY = [
  '# Twenty thousand readers',
  '',
  'A month of **building in public**: what went out, what came in, and [the numbers](https://journey.example/revenue).',
  '',
  '- one list item',
  '- another, with `code`',
].join('\n');

/** PUBLIC_URL, which SMTP needs for its links: the admin's requests come from that site. */
const ORIGIN = 'https://journey.example';

const addressOf = (index: number) => `reader-${index}@example-${index % 50}.com`;

/** 20,000 confirmed subscribers, written before the server holds the database (PGlite is one process's). */
async function seedSubscribers(database: DatabaseConfig): Promise<void> {
  const handle = await createDatabase(database);
  try {
    const rows = Array.from({ length: RECIPIENTS }, (_, index) => ({
      email: addressOf(index),
      status: 'confirmed' as const,
      consentVersion: 'v1',
      confirmedAt: new Date(),
    }));
    for (let start = 0; start < rows.length; start += 1_000)
      await handle.db.insert(schema.subscribers).values(rows.slice(start, start + 1_000));
  } finally {
    await handle.close();
  }
}

/**
 * Recipients that got two different messages (two Message-IDs): a copy sent again after a crash keeps
 * its first copy's Message-ID, so a mailbox shows it once; two ids would be two mails to the reader.
 */
function twiceAsMessages(smtp: CountingSmtpSink): number {
  return [...smtp.copies.values()].filter((ids) => new Set(ids).size > 1 || ids.includes(undefined)).length;
}

async function until(what: string, done: () => boolean, timeoutMs: number, pid: number): Promise<void> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    // Throws when the server has exited: no use waiting then.
    process.kill(pid, 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function sendBroadcast(app: AppServer, cookie: string): Promise<void> {
  const headers = { 'content-type': 'application/json', cookie, origin: ORIGIN };
  const draft = await fetch(`${app.url}/api/admin/broadcasts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ subject: 'Bench broadcast', body: BODY }),
  });
  if (draft.status !== 201) throw new Error(`draft answered ${draft.status}: ${await draft.text()}`);
  const { id } = (await draft.json()) as { id: number };
  const sent = await fetch(`${app.url}/api/admin/broadcasts/${id}/send`, { method: 'POST', headers });
  if (sent.status !== 202) throw new Error(`send answered ${sent.status}: ${await sent.text()}`);
}

interface BroadcastRun {
  driver: string;
  /** The build measured: this checkout's, or the baseline's commit. */
  build: string;
  connections: number;
  killed: boolean;
  seconds: number;
  perSecond: number;
  atKill: number | null;
  distinct: number;
  duplicates: number;
  /** Recipients with two different messages: must be none, killed or not. */
  twice: number;
}

/** A checkout's build to run: this one's (`root` undefined) or a baseline's. */
interface Build {
  name: string;
  root?: string;
}

async function broadcastRun(
  backend: Backend,
  build: Build,
  connections: number,
  kill: boolean,
): Promise<BroadcastRun> {
  const store = await backend.newStore();
  // Counts and Message-IDs only: parsing 20,000 messages beside the server would slow the server.
  const smtp = await startCountingSmtpSink();
  const env = {
    ...store.env,
    ECB_RATES_URL: 'off',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Bench <news@journey.example>',
    PUBLIC_URL: ORIGIN,
    MAIL_RATE_PER_MINUTE: '0',
    MAIL_RATE_PER_DOMAIN_PER_MINUTE: '0',
    MAIL_SMTP_CONNECTIONS: String(connections),
    MAIL_CLAIM_TIMEOUT_SECONDS: '10',
  };
  try {
    await seedSubscribers(store.database);
    let app = await startAppServer(env, { root: build.root });
    try {
      const cookie = await registerAdmin(app.url, { headers: { origin: ORIGIN } });
      step(
        `${backend.name}, ${build.name}: ${connections} connection(s)${kill ? ', kill -9 halfway' : ''}: sending`,
      );
      const started = performance.now();
      await sendBroadcast(app, cookie);
      let atKill: number | null = null;
      if (kill) {
        await until('half the broadcast', () => smtp.count() >= RECIPIENTS / 2, 600_000, app.pid);
        process.kill(app.pid, 'SIGKILL');
        await app.stop();
        atKill = smtp.count();
        app = await startAppServer(env, { root: build.root });
      }
      const server = app.pid;
      await until('every recipient', () => smtp.copies.size >= RECIPIENTS, 1_200_000, server);
      const seconds = (performance.now() - started) / 1000;
      // A late second copy (a lapsed claim taken over) would arrive within a claim's time.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      const duplicates = [...smtp.copies.values()].reduce((sum, ids) => sum + ids.length - 1, 0);
      const distinct = [...Array(RECIPIENTS).keys()].filter((index) =>
        smtp.copies.has(addressOf(index)),
      ).length;
      return {
        driver: backend.name,
        build: build.name,
        connections,
        killed: kill,
        seconds,
        perSecond: RECIPIENTS / seconds,
        atKill,
        distinct,
        duplicates,
        twice: twiceAsMessages(smtp),
      };
    } finally {
      await app.stop();
    }
  } finally {
    await smtp.close();
    await store.dispose();
  }
}

function report(date: string, command: string, runs: BroadcastRun[]): string {
  const rows = runs.map(
    (r) =>
      `| ${r.driver} | ${r.build} | ${r.connections} | ${r.killed ? `kill -9 after ${r.atKill}, restart` : 'no'} | ${r.seconds.toFixed(1)} s | ${r.killed ? '(with restart)' : r.perSecond.toFixed(0)} | ${r.distinct} of ${RECIPIENTS} | ${r.duplicates} | ${r.twice} |`,
  );
  return [
    `## ${date}: broadcast to ${RECIPIENTS.toLocaleString('en-US')} subscribers (pnpm bench:broadcast)`,
    '',
    ...runContext(command),
    '- The built server, its own process; a local `smtp-server` sink (in the bench process) counts each recipient’s copies and Message-IDs',
    '- No rate limit (`MAIL_RATE_PER_MINUTE=0`, `MAIL_RATE_PER_DOMAIN_PER_MINUTE=0`); 50 recipient domains',
    '- From the `send` request to the last recipient at the sink; the killed run includes the restart',
    '',
    '| Driver | Build | Connections | Killed | Time | Messages/s | Recipients reached | Copies sent twice | Recipients with two messages |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

const USAGE = `pnpm bench:broadcast [--no-build] [--database-url URL] [--baseline DIR] [--results FILE]
  Sends a broadcast to 20,000 subscribers with 1 and 4 SMTP connections, then kill -9 halfway and a restart.
  --baseline DIR  another checkout, built: its 1 and 4 connection runs alternate with this build's`;

async function main(): Promise<void> {
  const options = commandOptions(
    (args) => parseCommand(args, { 'database-url': { type: 'string' }, baseline: { type: 'string' } }),
    USAGE,
  );
  if (!options) return;
  const { values, common } = options;
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
  const backends = [pgliteBackend, ...(databaseUrl ? [postgresBackend(databaseUrl)] : [])];
  if (common.build) await buildApp();
  await assertBuilt();
  const current: Build = { name: `this (${commitOf()})` };
  // A relative directory is taken from where the command was started (pnpm sets INIT_CWD).
  const baselineDir = values.baseline && path.resolve(process.env.INIT_CWD ?? process.cwd(), values.baseline);
  const baseline: Build | null = baselineDir
    ? { name: `baseline (${commitOf(baselineDir)})`, root: baselineDir }
    : null;
  if (baseline) await assertBuilt(baseline.root);
  const runs: BroadcastRun[] = [];
  for (const backend of backends) {
    // Each connection count on both builds in turn, so the machine's drift hits both alike.
    for (const connections of [1, 4])
      for (const build of baseline ? [baseline, current] : [current])
        runs.push(await broadcastRun(backend, build, connections, false));
    runs.push(await broadcastRun(backend, current, 4, true));
  }
  const section = report(runDate(), `pnpm bench:broadcast ${common.args.join(' ')}`.trim(), runs);
  console.log(`\n${section}`);
  await prependSection(common.resultsFile, section);
  step(
    `run added to ${path.relative(process.cwd(), common.resultsFile)}; update the rows it changed in bench/results.md`,
  );
  const failed = runs.filter(
    (r) =>
      r.distinct !== RECIPIENTS ||
      r.twice > 0 ||
      (!r.killed && r.duplicates > 0) ||
      (r.killed && r.duplicates > r.connections) ||
      (!r.killed && r.build === current.name && r.connections === 4 && r.perSecond < TARGET_PER_SECOND),
  );
  if (failed.length > 0) {
    step(
      `FAILED: ${failed.map((r) => `${r.driver} ${r.connections}${r.killed ? ' killed' : ''}`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

await runMain(main);
