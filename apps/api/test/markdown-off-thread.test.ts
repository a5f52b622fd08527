/**
 * Long Markdown is rendered off the server's thread, and a broadcast once
 * (docs/decisions/056-newsletter-hardening.md). The slowest text within the limits (emphasis marks at
 * the limit in every block, bench/history/runs.md) is saved as a legal page and sent as a broadcast through
 * a real SMTP server, while `GET /api/revenue` must still be answered: before the save answers, and
 * before the broadcast's first mail is handed to SMTP (both come right after the render).
 */
import { EventEmitter, once } from 'node:events';
import { BROADCAST_LIMITS, SETTINGS_LIMITS } from '@journey/contracts';
import { schema } from '@journey/db';
import { startSmtpSink, waitFor, type SmtpSink } from '@journey/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Db from '@journey/db';
import type * as Markdown from '@journey/markdown';
import type * as Transport from '../src/features/newsletter/transport';
import { call, registerAdmin, startTestServer, type TestServer } from './helpers';

/** What the server does, seen from the test: a text saved, a batch's mail tokens stored, a mail handed to SMTP. */
const events = new EventEmitter();
let mainThreadRenders = 0;

vi.mock('@journey/db', async (importOriginal) => {
  const db = await importOriginal<typeof Db>();
  return {
    ...db,
    saveSettings: async (...args: Parameters<typeof db.saveSettings>) => {
      const saved = await db.saveSettings(...args);
      events.emit('settings saved');
      return saved;
    },
    addSubscriberTokens: async (...args: Parameters<typeof db.addSubscriberTokens>) => {
      await db.addSubscriberTokens(...args);
      events.emit('token stored');
    },
  };
});
vi.mock('@journey/markdown', async (importOriginal) => {
  const markdown = await importOriginal<typeof Markdown>();
  return {
    ...markdown,
    renderMarkdown: (text: string) => {
      mainThreadRenders++;
      return markdown.renderMarkdown(text);
    },
  };
});
vi.mock('../src/features/newsletter/transport', async (importOriginal) => {
  const transport = await importOriginal<typeof Transport>();
  return {
    ...transport,
    createMailTransport: (...args: Parameters<typeof transport.createMailTransport>) => {
      const real = transport.createMailTransport(...args);
      return {
        ...real,
        send: (message: Parameters<typeof real.send>[0]) => {
          events.emit('mail handed to SMTP');
          return real.send(message);
        },
      };
    },
  };
});

/** The slowest input measured within the limits: 1,000 emphasis marks in every block, to `length`. */
const slowest = (length: number) =>
  `${'*a'.repeat(499)}\n\n`.repeat(Math.ceil(length / 1000)).slice(0, length);

/** Starts `GET /api/revenue` when `event` happens; resolves with whether it was answered before `until` happened. */
function revenueReadDuring(server: TestServer, event: string, until: Promise<unknown>) {
  return new Promise<boolean>((resolve) => {
    events.once(event, () => {
      let untilDone = false;
      void until.then(() => (untilDone = true));
      void server.app.inject({ method: 'GET', url: '/api/revenue' }).then((response) => {
        expect(response.statusCode).toBe(200);
        resolve(!untilDone);
      });
    });
  });
}

let smtp: SmtpSink;
let server: TestServer;
let cookie: string;
const READERS = ['a@example.com', 'b@example.com', 'c@example.com'];

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'news@journey.example',
      PUBLIC_URL: 'https://journey.example',
      MAIL_RATE_PER_MINUTE: '60000',
    },
  });
  cookie = await registerAdmin(server.app);
  await server.db
    .insert(schema.subscribers)
    .values(READERS.map((email) => ({ email, status: 'confirmed' as const, consentVersion: 'v1' })));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('Markdown at the length limits', () => {
  it('a settings save renders its texts while GET /api/revenue is still answered', async () => {
    const settings = (await call(server.app, 'GET', '/api/settings')).json();
    const body = { ...settings, legal: { ...settings.legal, privacy: slowest(SETTINGS_LIMITS.legal) } };
    const save = call(server.app, 'PUT', '/api/admin/settings', body, cookie);
    const answeredFirst = revenueReadDuring(server, 'settings saved', save);
    expect((await save).statusCode).toBe(200);
    expect(await answeredFirst, 'GET /api/revenue was answered only after the render').toBe(true);
  }, 120_000);

  it('a broadcast is rendered once, off the server thread, while GET /api/revenue is still answered', async () => {
    const rendersBefore = mainThreadRenders;
    // Loaded only here: a server thread that renders has no render pool to ask.
    const { rendersFinished } = await import('../src/features/markdown/render-pool');
    const offThreadBefore = rendersFinished();
    const draft = await call(
      server.app,
      'POST',
      '/api/admin/broadcasts',
      { subject: 'Slow', body: slowest(BROADCAST_LIMITS.body.max) },
      cookie,
    );
    expect(draft.statusCode).toBe(201);
    const handedToSmtp = once(events, 'mail handed to SMTP');
    const answeredFirst = revenueReadDuring(server, 'token stored', handedToSmtp);
    const sent = await call(
      server.app,
      'POST',
      `/api/admin/broadcasts/${draft.json().id}/send`,
      undefined,
      cookie,
    );
    expect(sent.statusCode).toBe(202);
    expect(await answeredFirst, 'GET /api/revenue was answered only after the render').toBe(true);
    await waitFor(
      'every reader got the broadcast',
      async () => READERS.every((email) => smtp.to(email).some((mail) => mail.mail.subject === 'Slow')),
      { timeoutMs: 120_000 },
    );
    expect(mainThreadRenders - rendersBefore, 'renders on the server thread').toBe(0);
    expect(rendersFinished() - offThreadBefore, 'renders of a broadcast to three readers').toBe(1);
  }, 180_000);
});
