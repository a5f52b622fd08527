import { DEFAULT_EXPERIMENT_IMAGE_URL } from '@journey/contracts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config';
import {
  ADMIN,
  call,
  fakeWebBuild,
  registerAdmin,
  sessionCookie,
  webEntryShowing,
  startTestServer,
  type TestServer,
} from './helpers';

/** Every row of docs/architecture.md#rest-api, plus the newsletter, the open data and the settings. */
const REST_PATHS = {
  '/user': ['get'],
  '/user/password': ['post'],
  '/login': ['post'],
  '/login/second-factor': ['post'],
  '/login/passkey/options': ['post'],
  '/login/passkey': ['post'],
  '/register': ['post'],
  '/logout': ['post'],
  '/revenue': ['get', 'post'],
  '/revenue/series': ['get'],
  '/revenue/metrics': ['get'],
  '/revenue/corrections': ['get'],
  '/public/verification.json': ['get'],
  '/revenues/all': ['get'],
  '/admin/revenue/{id}': ['put', 'delete'],
  '/admin/revenue/imports': ['get', 'post'],
  '/admin/revenue/imports/{id}': ['delete'],
  '/admin/revenue/deleted': ['get'],
  '/admin/revenue/{id}/history': ['get'],
  '/admin/revenue/{id}/undo': ['post'],
  '/admin/ledger/{id}/reveal': ['post'],
  '/milestones': ['get', 'post'],
  '/milestones/{id}': ['get'],
  '/admin/milestones/{id}': ['put', 'delete'],
  '/experiments': ['get', 'post'],
  '/experiments/{slug}': ['get'],
  '/experiments/{slug}/figures': ['get'],
  '/arena/figures': ['get'],
  '/admin/experiments/{id}': ['put', 'delete'],
  '/admin/experiments/{id}/assignments': ['get', 'put'],
  '/admin/costs': ['get', 'post'],
  '/admin/costs/{id}': ['put', 'delete'],
  '/admin/costs/deleted': ['get'],
  '/admin/costs/{id}/history': ['get'],
  '/admin/costs/{id}/undo': ['post'],
  '/admin/costs/imports': ['get', 'post'],
  '/admin/costs/imports/{id}': ['delete'],
  '/subscribers': ['post'],
  '/subscribers/confirm': ['post'],
  '/subscribers/unsubscribe': ['post'],
  '/subscribers/erase': ['post'],
  '/admin/subscribers/counts': ['get'],
  '/admin/subscribers/imports': ['post'],
  '/admin/subscribers/{id}/export': ['get'],
  '/newsletter/unsubscribe': ['post'],
  '/admin/broadcasts': ['get', 'post'],
  '/admin/broadcasts/{id}': ['get', 'put'],
  '/admin/broadcasts/{id}/send': ['post'],
  '/admin/broadcasts/{id}/test': ['post'],
  '/admin/broadcasts/{id}/visibility': ['put'],
  '/admin/newsletter/welcome': ['get', 'put'],
  '/admin/newsletter/digest': ['get', 'put'],
  '/admin/newsletter/digest/draft': ['post'],
  '/newsletter/archive': ['get'],
  '/newsletter/archive/{slug}': ['get'],
  '/admin/connections': ['get'],
  '/admin/webhooks': ['get', 'post'],
  '/admin/webhooks/{id}': ['put', 'delete'],
  '/admin/webhooks/{id}/deliveries': ['get'],
  '/admin/webhooks/deliveries/{id}/resend': ['post'],
  '/admin/connections/{provider}': ['delete', 'put'],
  '/admin/connections/{provider}/sync': ['post'],
  '/admin/exchange-rates': ['put'],
  '/admin/sync-schedule': ['put'],
  '/public/summary.json': ['get'],
  '/public/revenue.csv': ['get'],
  '/public/ledger.json': ['get'],
  '/public/ledger.csv': ['get'],
  '/settings': ['get'],
  '/settings/site': ['get'],
  '/settings/story': ['get'],
  '/settings/legal/{page}': ['get'],
  '/admin/settings': ['put'],
  '/admin/setup': ['get'],
  '/admin/setup/dismiss': ['post'],
  '/admin/factors': ['get'],
  '/admin/factors/totp': ['post', 'delete'],
  '/admin/factors/totp/confirm': ['post'],
  '/admin/factors/required': ['put'],
  '/admin/factors/passkeys': ['get', 'post'],
  '/admin/factors/passkeys/options': ['post'],
  '/admin/factors/passkeys/{id}': ['put', 'delete'],
  '/admin/sessions': ['get', 'delete'],
  '/sessions/end-from-mail': ['post'],
  '/admin/sessions/{id}': ['delete'],
  '/admin/audit': ['get'],
  '/admin/audit.csv': ['get'],
};

describe('platform', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebBuild(
      webEntryShowing(
        `({ url, origin }, answers) => ({
          head: '<title>' + answers['settings.site'].productName + '</title>',
          html: '<p>' + origin + url + '</p>',
          state: JSON.stringify({ keys: Object.keys(answers).sort(), me: answers['auth.me']?.username ?? null }),
        })`,
        { first: `if (input.url.includes('boom')) throw new Error('render failed');` },
      ),
    );
    server = await startTestServer({ env: { WEB_DIST_DIR: webDir, SITE_PRODUCT_NAME: 'Rocket' } });
  });
  afterAll(() => server?.close());

  it('documents every REST path in the OpenAPI document', async () => {
    const response = await call(server.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.fromEntries(
      Object.entries(document.paths as Record<string, object>).map(([p, item]) => [
        p,
        Object.keys(item)
          .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
          .sort(),
      ]),
    );
    // Every path is under the document's `/api` server but the one-click unsubscribe, which mail carries.
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(document.paths['/newsletter/unsubscribe'].servers).toEqual([{ url: '/' }]);
    expect(paths).toEqual(Object.fromEntries(Object.entries(REST_PATHS).map(([p, m]) => [p, [...m].sort()])));
  });

  it('answers health and readiness', async () => {
    expect((await call(server.app, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await call(server.app, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/admin/revenue'],
      ['GET', '/api/admin/revenue/1'],
      ['GET', '/api'],
    ] as const) {
      const response = await call(server.app, method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().message).toMatch(/^Not found/);
    }
  });

  it('refuses bodies over 1 MiB (413), types other than JSON (415) and broken JSON (400)', async () => {
    const cookie = await registerAdmin(server.app);
    const post = (payload: string, type = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: '/api/revenue',
        headers: { cookie, 'content-type': type },
        payload,
      });

    const big = await post(JSON.stringify({ description: 'x'.repeat(1024 * 1024 + 10) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large (the limit is 1 MiB).' });

    // Any type but JSON is a 415, the ones a form can send included (cross-site.test.ts has the cross-site ones).
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      'text/csv',
    ]) {
      const response = await post('amount=5', type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ message: 'Content-Type must be application/json.' });
    }

    for (const payload of ['{bad', '{"__proto__": {"admin": true}}', '']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }

    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toBe('Expected a JSON object.');
    }
  });

  it('sends security headers: the page policy with pages and answers, a strict one with cached JSON', async () => {
    for (const url of ['/', '/api/user', '/api/revenues/all']) {
      const response = await call(server.app, 'GET', url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/api/revenue', '/api/milestones', '/api/experiments']) {
      const response = await call(server.app, 'GET', url);
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['set-cookie'], `${url} never starts a session`).toBeUndefined();
    }
  });

  it('renders pages on the server with the data each one needs', async () => {
    const stateOf = (body: string) =>
      JSON.parse(/<script type="application\/json" id="app-state">(.*?)<\/script>/.exec(body)?.[1] ?? 'null');
    const home = await call(server.app, 'GET', '/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.body).toContain('<title>Rocket</title>');
    expect(home.body).toContain('<p>http://localhost:80/</p>');
    expect(stateOf(home.body)).toEqual({
      keys: [
        'auth.me',
        'connections.verification',
        'experiments.arenaFigures',
        'experiments.list',
        'milestones.list',
        'revenue.corrections',
        'revenue.metrics',
        'revenue.series',
        'revenue.summary',
        'settings.site',
        'settings.story',
      ],
      me: null,
    });
    const auth = await call(server.app, 'GET', '/auth');
    expect(stateOf(auth.body).keys).toEqual(['auth.me', 'auth.registrationStatus', 'settings.site']);
  });

  it('redirects /admin to /auth when signed out, and /auth to /admin when signed in', async () => {
    const anonymous = await call(server.app, 'GET', '/admin');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/auth');
    const session = sessionCookie(
      await call(server.app, 'POST', '/api/login', { username: ADMIN.username, password: ADMIN.password }),
    );
    const admin = await call(server.app, 'GET', '/admin', undefined, session);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('"me":"founder"');
    const auth = await call(server.app, 'GET', '/auth', undefined, session);
    expect(auth.statusCode).toBe(302);
    expect(auth.headers.location).toBe('/admin');
  });

  it('answers unknown pages with the rendered not-found page and 404, and caches hashed assets', async () => {
    const missing = await call(server.app, 'GET', '/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.body).toContain('<p>http://localhost:80/no/such/page</p>');
    const asset = await call(server.app, 'GET', '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to the client-rendered shell when server rendering fails', async () => {
    const page = await call(server.app, 'GET', '/boom');
    expect(page.statusCode).toBe(500);
    expect(page.body).toContain('<div id="root"></div>');
  });
});

describe('seeded experiments', () => {
  it('point at images the web app ships', async () => {
    const server = await startTestServer();
    try {
      const experiments = (await call(server.app, 'GET', '/api/experiments')).json() as {
        imageUrl: string;
      }[];
      const publicDir = new URL('../../web/public', import.meta.url);
      for (const { imageUrl } of experiments) {
        expect(existsSync(new URL(`.${imageUrl}`, `${publicDir.href}/`)), imageUrl).toBe(true);
      }
      expect(existsSync(new URL(`.${DEFAULT_EXPERIMENT_IMAGE_URL}`, `${publicDir.href}/`))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      productName: 'Unicorn',
      allowRegistration: false,
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve(process.env.INIT_CWD ?? process.cwd(), 'data'));
    expect(config.connections).toEqual({
      previousSecrets: [],
      apiBases: { stripe: undefined, lemonsqueezy: undefined, paddle: undefined, polar: undefined },
      claimTimeoutMs: 300_000,
      ecbRatesUrl: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip',
    });
    expect(loadConfig({ ECB_RATES_URL: 'off' }).connections.ecbRatesUrl).toBeNull();
    expect(() => loadConfig({ ECB_RATES_URL: 'ftp://example.com/rates.csv' })).toThrow(
      'must be an http(s) URL, or off',
    );
  });

  it('reads the providers’ bases as bare origins, and the previous secrets as a list', () => {
    const config = loadConfig({
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      PREVIOUS_SESSION_SECRETS: ' first-old-secret , second-old-secret,',
    });
    expect(config.connections.apiBases.stripe).toBe('http://127.0.0.1:12111');
    expect(config.connections.previousSecrets).toEqual(['first-old-secret', 'second-old-secret']);
    expect(() => loadConfig({ PADDLE_API_BASE: 'http://127.0.0.1:1/v1' })).toThrow(
      /PADDLE_API_BASE: must be an origin such as http:\/\/127\.0\.0\.1:12111, without a path/,
    );
  });

  it.each([
    ['false', false],
    ['', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    [
      ' 10.0.0.0/8, 192.168.0.0/16 ,::1, fd00::/8, loopback',
      ['10.0.0.0/8', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    ],
  ])('reads TRUST_PROXY=%j as %j (hops or proxy addresses)', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.300' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, 'TRUST_PROXY'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ALLOW_REGISTRATION: 'yes please' }, 'ALLOW_REGISTRATION'],
    [{ SITE_PRODUCT_NAME: ' ' }, 'SITE_PRODUCT_NAME'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ MAIL_RATE_PER_MINUTE: '-1' }, 'MAIL_RATE_PER_MINUTE'],
    [{ MAIL_RATE_PER_DOMAIN_PER_MINUTE: 'lots' }, 'MAIL_RATE_PER_DOMAIN_PER_MINUTE'],
    [{ MAIL_SMTP_CONNECTIONS: '0' }, 'MAIL_SMTP_CONNECTIONS'],
    [{ MAIL_SMTP_CONNECTIONS: '33' }, 'MAIL_SMTP_CONNECTIONS'],
    [{ SMTP_URL: 'smtp://u:p@smtp.example.com:587', MAIL_FROM: 'a@example.com' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'smtp://u:p@smtp.example.com:587', PUBLIC_URL: 'https://example.com' }, 'MAIL_FROM'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}: `));
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8'));

  it('builds the app from the Dockerfile and runs it on PostgreSQL 16 with a healthcheck and a named volume', () => {
    const app = compose.services.app;
    const db = compose.services.db;
    expect(app.build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect(db.image).toMatch(/^postgres:16/);
    expect(db.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(app.depends_on.db.condition).toBe('service_healthy');
    const volume = String(db.volumes[0]).split(':')[0]!;
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(app.environment.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/.+@db:5432\//);
    expect(app.environment.HOST).toBe('0.0.0.0');
    expect(app.environment.SESSION_SECRET).toBeDefined();
    expect(app.ports.map(String)).toContain('5000:5000');
  });

  it('names only variables the server understands', () => {
    for (const name of Object.keys(compose.services.app.environment))
      expect(CONFIG_VARIABLES).toContain(name);
  });
});
