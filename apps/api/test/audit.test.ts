import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_CSV_COLUMNS } from '@journey/contracts';
import { BACKUP_TABLES, clearAuditEvents, schema } from '@journey/db';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/routes/openapi';
import { signedInAndAudited, type Meta } from '../src/trpc/init';
import { procedures } from '../src/trpc/procedures';
import { ADMIN, call, loginAdmin, sessionCookie } from './helpers';
import { useStripeBillingStandIn } from './support/stand-ins';

/*
 * docs/decisions/088-audit-trail.md: every listed action leaves exactly one row with the right actor,
 * address, session, subject and detail; the owner reads the trail a page at a time and as CSV; nothing
 * writes it but the recorded actions. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const READ_ONLY = 'rk_test_audit_read_only_0001';
const LOGIN_LIMITS = { perIp: 1000, perUsername: 1000, windowMs: 60_000 };
const { admin } = useStripeBillingStandIn({ [READ_ONLY]: 'read-only' }, { loginRateLimit: LOGIN_LIMITS });

interface Row {
  id: number;
  at: string;
  action: string;
  actor: string;
  ip: string | null;
  sessionId: string | null;
  subject: string | null;
  detail: Record<string, unknown>;
}

const app = () => admin.server.app;

/** The rows written since `after` (an id), oldest first, read straight from the table. */
async function rowsAfter(after: number): Promise<Row[]> {
  const rows = await admin.server.db
    .select()
    .from(schema.auditEvents)
    .where(sql`${schema.auditEvents.id} > ${after}`)
    .orderBy(schema.auditEvents.id);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

async function lastId(): Promise<number> {
  const [row] = await admin.server.db
    .select({ id: sql<number>`coalesce(max(${schema.auditEvents.id}), 0)::int` })
    .from(schema.auditEvents);
  return Number(row?.id ?? 0);
}

/** The public id of the session a cookie holds, as the owner's session list shows it. */
async function sessionOf(cookie: string): Promise<string> {
  const response = await call(app(), 'GET', '/api/admin/sessions', undefined, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const current = (response.json() as { id: string; current: boolean }[]).find((session) => session.current);
  if (!current) throw new Error('no current session');
  return current.id;
}

/** Runs `act` and expects exactly one new row, which it answers. */
async function oneRowOf(act: () => Promise<LightMyRequestResponse>, status: number): Promise<Row> {
  const before = await lastId();
  const response = await act();
  expect(response.statusCode, response.body).toBe(status);
  const rows = await rowsAfter(before);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  return rows[0]!;
}

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => () =>
  admin.call(method, url, payload);

/** The row an admin write leaves: by the admin, from the test's address, in the admin's session. */
async function expectAdminRow(row: Row, expected: Partial<Row>) {
  expect(row).toMatchObject({
    actor: ADMIN.username,
    ip: '127.0.0.1',
    sessionId: await sessionOf(admin.cookie),
    ...expected,
  });
}

const experiment = {
  title: 'Audit Tracker',
  description: 'An experiment whose writes are audited.',
  status: 'Popular',
  statusColor: 'text-green-500',
  projectCount: 1,
  imageUrl: 'https://images.example.com/audit.png',
};
const milestone = {
  title: 'First audited sale',
  description: 'A milestone written to see it in the trail.',
  date: '2025-01-15',
  day: 3,
  isRevenue: 0,
};

describe('the audit trail records every write, once', { timeout: 120_000 }, () => {
  it('a sign-in that succeeds, with its method and session, and one that fails, with the name typed', async () => {
    let cookie = '';
    const ok = await oneRowOf(async () => {
      const response = await loginAdmin(app(), ADMIN.password);
      cookie = sessionCookie(response);
      return response;
    }, 200);
    expect(ok).toMatchObject({
      action: 'sign-in.succeeded',
      actor: ADMIN.username,
      ip: '127.0.0.1',
      sessionId: await sessionOf(cookie),
      detail: expect.objectContaining({ method: 'password' }),
    });
    const failed = await oneRowOf(() => loginAdmin(app(), 'not the password'), 401);
    expect(failed).toMatchObject({ action: 'sign-in.failed', actor: ADMIN.username, sessionId: null });
    expect(JSON.stringify(failed.detail)).not.toContain('not the password');
  });

  it('a sign-out, in the session it ended', async () => {
    const cookie = sessionCookie(await loginAdmin(app(), ADMIN.password));
    const sessionId = await sessionOf(cookie);
    const row = await oneRowOf(() => call(app(), 'POST', '/api/logout', undefined, cookie), 204);
    expect(row).toMatchObject({ action: 'sign-out', actor: ADMIN.username, sessionId });
  });

  it('a settings save, naming the fields changed and no values', async () => {
    const settings = (await call(app(), 'GET', '/api/settings')).json() as Record<string, unknown>;
    const { setupDismissed: _dismissed, syncIntervalMinutes: _interval, ...editable } = settings;
    const row = await oneRowOf(
      asAdmin('PUT', '/api/admin/settings', { ...editable, siteName: 'Audited site' }),
      200,
    );
    await expectAdminRow(row, { action: 'settings.saved', subject: null, detail: { fields: ['siteName'] } });
  });

  it('revenue: create, edit, undo and delete, with the amount', async () => {
    const entry = { amount: '12.50', source: 'ai', description: 'An audited sale', date: '2025-01-15' };
    let id = 0;
    const created = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/revenue', entry);
      id = (response.json() as { id: number }).id;
      return response;
    }, 201);
    await expectAdminRow(created, {
      action: 'revenue.created',
      subject: `revenue:${id}`,
      detail: expect.objectContaining({ amount: '12.50', currency: 'USD', source: 'ai' }),
    });
    const edited = await oneRowOf(
      asAdmin('PUT', `/api/admin/revenue/${id}`, { ...entry, amount: '13.00', reason: 'typo' }),
      200,
    );
    await expectAdminRow(edited, {
      action: 'revenue.updated',
      subject: `revenue:${id}`,
      detail: expect.objectContaining({ amount: '13.00', reason: 'typo' }),
    });
    const undone = await oneRowOf(asAdmin('POST', `/api/admin/revenue/${id}/undo`, {}), 200);
    await expectAdminRow(undone, { action: 'revenue.undone', subject: `revenue:${id}` });
    const deleted = await oneRowOf(asAdmin('DELETE', `/api/admin/revenue/${id}`), 204);
    await expectAdminRow(deleted, { action: 'revenue.deleted', subject: `revenue:${id}` });
  });

  it('a cost, a milestone and an experiment', async () => {
    const cost = await oneRowOf(
      asAdmin('POST', '/api/admin/costs', {
        amount: '42.50',
        date: '2025-01-15',
        category: 'hosting',
        description: 'Audited server',
      }),
      201,
    );
    await expectAdminRow(cost, {
      action: 'cost.created',
      subject: expect.stringMatching(/^cost:\d+$/) as unknown as string,
      detail: expect.objectContaining({ amount: '42.50', category: 'hosting' }),
    });

    let milestoneId = 0;
    const created = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/milestones', milestone);
      milestoneId = (response.json() as { id: number }).id;
      return response;
    }, 201);
    await expectAdminRow(created, { action: 'milestone.created', subject: `milestone:${milestoneId}` });
    const updated = await oneRowOf(
      asAdmin('PUT', `/api/admin/milestones/${milestoneId}`, { ...milestone, day: 4 }),
      200,
    );
    await expectAdminRow(updated, { action: 'milestone.updated', subject: `milestone:${milestoneId}` });
    const deleted = await oneRowOf(asAdmin('DELETE', `/api/admin/milestones/${milestoneId}`), 204);
    await expectAdminRow(deleted, { action: 'milestone.deleted', subject: `milestone:${milestoneId}` });

    let experimentId = 0;
    const made = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/experiments', experiment);
      experimentId = (response.json() as { id: number }).id;
      return response;
    }, 201);
    await expectAdminRow(made, {
      action: 'experiment.created',
      subject: `experiment:${experimentId}`,
      detail: expect.objectContaining({ title: experiment.title }),
    });
    const changed = await oneRowOf(
      asAdmin('PUT', `/api/admin/experiments/${experimentId}`, { ...experiment, projectCount: 2 }),
      200,
    );
    await expectAdminRow(changed, { action: 'experiment.updated', subject: `experiment:${experimentId}` });
  });

  it('a revenue import and its undo; a dry run leaves none', async () => {
    const csv = readFileSync(path.join(import.meta.dirname, 'fixtures', 'imports', 'generic.csv'), 'utf8');
    const body = { provider: 'generic', source: 'ai', csv };
    const before = await lastId();
    expect(
      (await admin.call('POST', '/api/admin/revenue/imports', { ...body, dryRun: true })).statusCode,
    ).toBe(200);
    expect(await rowsAfter(before)).toEqual([]);
    let id = 0;
    const imported = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/admin/revenue/imports', { ...body, dryRun: false });
      id = (response.json() as { id: number }).id;
      return response;
    }, 200);
    await expectAdminRow(imported, {
      action: 'import.revenue',
      subject: `revenue-import:${id}`,
      detail: expect.objectContaining({ provider: 'generic', added: expect.any(Number) as unknown }),
    });
    expect(JSON.stringify(imported.detail)).not.toContain('Consulting');
    const undone = await oneRowOf(asAdmin('DELETE', `/api/admin/revenue/imports/${id}`), 200);
    await expectAdminRow(undone, { action: 'import.undone', subject: `revenue-import:${id}` });
  });

  it('a connection created, updated, synced and deleted, never with its key', async () => {
    const created = await oneRowOf(
      asAdmin('PUT', '/api/admin/connections/stripe', { apiKey: READ_ONLY }),
      200,
    );
    await expectAdminRow(created, { action: 'connection.created', subject: 'connection:stripe' });
    const updated = await oneRowOf(
      asAdmin('PUT', '/api/admin/connections/stripe', { apiKey: READ_ONLY }),
      200,
    );
    await expectAdminRow(updated, { action: 'connection.updated', subject: 'connection:stripe' });
    const synced = await oneRowOf(asAdmin('POST', '/api/admin/connections/stripe/sync'), 202);
    await expectAdminRow(synced, { action: 'connection.synced', subject: 'connection:stripe' });
    const deleted = await oneRowOf(asAdmin('DELETE', '/api/admin/connections/stripe'), 204);
    await expectAdminRow(deleted, { action: 'connection.deleted', subject: 'connection:stripe' });
    const all = JSON.stringify(await rowsAfter(0));
    expect(all).not.toContain(READ_ONLY);
  });

  it('a broadcast sent', async () => {
    await admin.server.db
      .insert(schema.subscribers)
      .values({ email: 'reader@example.com', status: 'confirmed', confirmedAt: new Date() });
    let id = 0;
    const draft = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/admin/broadcasts', {
        subject: 'Audited news',
        body: 'Hello.',
      });
      id = (response.json() as { id: number }).id;
      return response;
    }, 201);
    await expectAdminRow(draft, { action: 'broadcast.created', subject: `broadcast:${id}` });
    const sent = await oneRowOf(asAdmin('POST', `/api/admin/broadcasts/${id}/send`), 202);
    await expectAdminRow(sent, {
      action: 'broadcast.sent',
      subject: `broadcast:${id}`,
      detail: expect.objectContaining({ subject: 'Audited news' }),
    });
  });

  it('one-time codes turned on, required on and off, and off, never with the secret or a code', async () => {
    let secret = '';
    const started = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/admin/factors/totp');
      secret = (response.json() as { secret: string }).secret;
      return response;
    }, 201);
    await expectAdminRow(started, { action: 'factor.totp-setup-started', detail: {} });
    const code = await generate({ secret });
    const enrolled = await oneRowOf(asAdmin('POST', '/api/admin/factors/totp/confirm', { code }), 200);
    await expectAdminRow(enrolled, { action: 'factor.totp-enrolled', detail: {} });
    const on = await oneRowOf(asAdmin('PUT', '/api/admin/factors/required', { required: true }), 200);
    await expectAdminRow(on, { action: 'factor.required-changed', detail: { required: true } });
    const off = await oneRowOf(asAdmin('PUT', '/api/admin/factors/required', { required: false }), 200);
    await expectAdminRow(off, { action: 'factor.required-changed', detail: { required: false } });
    const removed = await oneRowOf(asAdmin('DELETE', '/api/admin/factors/totp'), 204);
    await expectAdminRow(removed, { action: 'factor.totp-removed' });
    const all = JSON.stringify(await rowsAfter(0));
    expect(all).not.toContain(secret);
    expect(all).not.toContain(code);
  });

  it('a session ended, and the other sessions ended', async () => {
    const other = sessionCookie(await loginAdmin(app(), ADMIN.password));
    const otherId = await sessionOf(other);
    const ended = await oneRowOf(asAdmin('DELETE', `/api/admin/sessions/${otherId}`), 204);
    await expectAdminRow(ended, {
      action: 'session.ended',
      subject: `session:${otherId}`,
      detail: { current: false },
    });
    await loginAdmin(app(), ADMIN.password);
    const others = await oneRowOf(asAdmin('DELETE', '/api/admin/sessions'), 200);
    await expectAdminRow(others, { action: 'sessions.ended-others', detail: { ended: 1 } });
  });

  it('a password change, in the session it was made from, never with a password', async () => {
    const sessionId = await sessionOf(admin.cookie);
    const newPassword = 'another long passphrase';
    const row = await oneRowOf(async () => {
      const response = await admin.call('POST', '/api/user/password', {
        currentPassword: ADMIN.password,
        newPassword,
      });
      admin.cookie = sessionCookie(response);
      return response;
    }, 204);
    expect(row).toMatchObject({ action: 'password.changed', actor: ADMIN.username, sessionId, detail: {} });
    expect(JSON.stringify(row)).not.toContain(newPassword);
    // Back as it was, for the tests that sign in with it.
    const back = await admin.call('POST', '/api/user/password', {
      currentPassword: newPassword,
      newPassword: ADMIN.password,
    });
    expect(back.statusCode).toBe(204);
    admin.cookie = sessionCookie(back);
  });
});

describe('the owner reads the trail', { timeout: 120_000 }, () => {
  it('refuses the list and the CSV without a session (401)', async () => {
    expect((await call(app(), 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await call(app(), 'GET', '/api/admin/audit.csv')).statusCode).toBe(401);
    expect((await call(app(), 'GET', '/api/trpc/audit.list')).statusCode).toBe(401);
  });

  it('lists newest first, a page at a time, with the fields the API names', async () => {
    const first = await admin.call('GET', '/api/admin/audit?limit=3');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as { rows: Row[]; nextCursor: string | null };
    expect(page.rows).toHaveLength(3);
    expect(Object.keys(page.rows[0]!).sort()).toEqual(
      ['action', 'actor', 'at', 'detail', 'id', 'ip', 'sessionId', 'subject'].sort(),
    );
    expect(page.rows[0]!.action).toBe('password.changed');
    const second = (await admin.call('GET', `/api/admin/audit?limit=3&cursor=${page.nextCursor}`)).json() as {
      rows: Row[];
    };
    const ids = [...page.rows, ...second.rows].map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(6);
    expect((await admin.call('GET', '/api/admin/audit?cursor=nonsense')).statusCode).toBe(400);
  });

  it('filters by action group, action, actor and days', async () => {
    const list = async (query: string) =>
      ((await admin.call('GET', `/api/admin/audit?limit=200&${query}`)).json() as { rows: Row[] }).rows;
    const revenue = await list('action=revenue');
    expect(new Set(revenue.map((row) => row.action))).toEqual(
      new Set(['revenue.created', 'revenue.updated', 'revenue.undone', 'revenue.deleted']),
    );
    expect((await list('action=sign-in')).every((row) => /^(sign-(in|out)|account\.)/.test(row.action))).toBe(
      true,
    );
    expect((await list('action=factor.totp-enrolled')).map((row) => row.action)).toEqual([
      'factor.totp-enrolled',
    ]);
    expect(await list('actor=nobody')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).length).toBeGreaterThan(10);
    expect(await list('to=2000-01-01')).toEqual([]);
    expect((await admin.call('GET', '/api/admin/audit?from=yesterday')).statusCode).toBe(400);
  });

  it('downloads the filtered rows as CSV, an attachment with the list’s columns', async () => {
    const response = await admin.call('GET', '/api/admin/audit.csv?action=connections');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([
      'connection.deleted',
      'connection.synced',
      'connection.updated',
      'connection.created',
    ]);
  });
});

/**
 * The passkeys' writes record their own rows (features/passkeys, built alongside this) and are to say
 * so with `audit: 'recorded-inside'` (the options request, which stores only a challenge, with its own
 * declaration); until they do, they are the only ones let through. Remove a path once it declares.
 */
describe('nothing writes the trail but the recorded actions', () => {
  const entries = Object.entries(procedures);

  // A procedure keeps the middleware's function, which the builder `t.middleware` made holds.
  const [auditing] = (signedInAndAudited as unknown as { _middlewares: unknown[] })._middlewares;

  it('every protected write declares what it records', () => {
    const protectedWrites = entries
      .filter(([, procedure]) => procedure._def.type === 'mutation')
      // The built procedure keeps its middlewares, which its public type leaves out.
      .filter(([, procedure]) =>
        (procedure._def as unknown as { middlewares: unknown[] }).middlewares.includes(auditing),
      );
    // The walk sees them: revenue, costs, settings, factors… (not the sign-in or the newsletter sign-up).
    expect(protectedWrites.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'revenue.create',
        'settings.update',
        'factors.setRequired',
        'auth.sessions.end',
      ]),
    );
    expect(protectedWrites.map(([path]) => path)).not.toContain('auth.login');
    const missing = protectedWrites
      .filter(([, procedure]) => (procedure._def.meta as Meta | undefined)?.audit === undefined)
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });

  it('the trail has reads only, over tRPC and REST', () => {
    const audit = entries.filter(([path]) => path.startsWith('audit.'));
    expect(audit.map(([path, procedure]) => [path, procedure._def.type])).toEqual([['audit.list', 'query']]);
    const paths = openApiDocument().paths ?? {};
    const auditPaths = Object.entries(paths).filter(([route]) => route.startsWith('/admin/audit'));
    expect(auditPaths.map(([route, item]) => [route, Object.keys(item ?? {})])).toEqual([
      ['/admin/audit', ['get']],
      ['/admin/audit.csv', ['get']],
    ]);
  });

  it('is never in a backup', () => {
    expect(Object.values(BACKUP_TABLES)).not.toContain(schema.auditEvents);
  });

  it('refuses an UPDATE or DELETE of a row even from SQL; only the purge switch empties it', async () => {
    const db = admin.server.db;
    await expect(db.execute(sql`update audit_events set actor = 'someone else'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect(await lastId()).toBeGreaterThan(0);
    await clearAuditEvents(db);
    expect(await rowsAfter(0)).toEqual([]);
  });
});
