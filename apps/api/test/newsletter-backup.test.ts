/**
 * A move by backup and restore (docs/decisions/026-logical-json-backups.md) keeps every unsubscribe
 * link already mailed working (docs/decisions/056-newsletter-hardening.md): restored into an empty
 * database of the same driver, and of the other one when TEST_DATABASE_URL names PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { createDatabase, dumpDatabase, restoreDatabase, schema, type Backup } from '@journey/db';
import {
  createTestDatabase,
  pgliteTemplateFile,
  testDatabaseUrl,
  type TestDatabase,
} from '@journey/db/testing';
import { startSmtpSink, waitFor, type SmtpSink } from '@journey/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerAdmin, startTestServer } from './helpers';

const PUBLIC_URL = 'https://journey.example';
const READER = 'reader@example.com';

let smtp: SmtpSink;
let backup: Backup;
/** The one-click URL of the broadcast the reader got before the move. */
let unsubscribePath: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'news@journey.example', PUBLIC_URL, MAIL_RATE_PER_MINUTE: '60000' },
  });
  try {
    const cookie = await registerAdmin(server.app);
    await call(server.app, 'POST', '/api/subscribers', { email: READER, consent: true });
    await waitFor('the confirmation mail', async () => smtp.to(READER).length === 1);
    const confirmToken = /newsletter\/confirm\?token=([\w%-]+)/.exec(
      smtp.to(READER)[0]!.mail.text ?? '',
    )![1]!;
    await call(server.app, 'POST', '/api/subscribers/confirm', { token: decodeURIComponent(confirmToken) });
    const draft = await call(
      server.app,
      'POST',
      '/api/admin/broadcasts',
      { subject: 'Day 1', body: 'Hi' },
      cookie,
    );
    await call(server.app, 'POST', `/api/admin/broadcasts/${draft.json().id}/send`, undefined, cookie);
    await waitFor('the broadcast', async () => smtp.to(READER).some((mail) => mail.mail.subject === 'Day 1'));
    const mail = smtp.to(READER).find((m) => m.mail.subject === 'Day 1')!;
    unsubscribePath = mail.header('List-Unsubscribe')!.slice(1, -1).slice(PUBLIC_URL.length);
    backup = JSON.parse(JSON.stringify(await dumpDatabase(server.db))) as Backup;
  } finally {
    await server.close();
  }
}, 120_000);
afterAll(() => smtp?.close());

/** An empty database of the other driver: PGlite from the migrated template when the run is on PostgreSQL. */
async function otherDriverDatabase(): Promise<TestDatabase> {
  const handle = await createDatabase({
    driver: 'pglite',
    loadDataDir: new Blob([readFileSync(await pgliteTemplateFile())]),
  });
  return { handle, config: { driver: 'pglite' }, cleanup: () => handle.close() } as TestDatabase;
}

const targets: [string, () => Promise<TestDatabase>][] = [
  ['the same driver', createTestDatabase],
  ...(testDatabaseUrl()
    ? [['PGlite, from PostgreSQL', otherDriverDatabase] as [string, () => Promise<TestDatabase>]]
    : []),
];

describe('unsubscribe links after a backup and restore', () => {
  for (const [label, open] of targets) {
    it(`still unsubscribe with one click on ${label}`, async () => {
      const database = await open();
      await restoreDatabase(database.handle.db, backup);
      const server = await startTestServer({ database, env: { PUBLIC_URL } });
      try {
        const response = await server.app.inject({
          method: 'POST',
          url: unsubscribePath,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(response.statusCode, response.body).toBe(200);
        const [row] = await server.db
          .select()
          .from(schema.subscribers)
          .where(eq(schema.subscribers.email, READER));
        expect(row!.status).toBe('unsubscribed');
      } finally {
        await server.close();
      }
    }, 60_000);
  }
});
