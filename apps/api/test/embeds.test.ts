import type { PrivacySettings } from '@journey/contracts';
import { describe, expect, it } from 'vitest';
import { call, useAdminServer } from './helpers';

const admin = useAdminServer();
const get = (url: string, headers: Record<string, string> = {}) =>
  admin.server.app.inject({ method: 'GET', url, headers });

async function setPrivacy(privacy: Partial<PrivacySettings>) {
  const settings = (await call(admin.server.app, 'GET', '/api/settings')).json();
  const saved = await admin.call('PUT', '/api/admin/settings', {
    ...settings,
    privacy: { ...settings.privacy, ...privacy },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const EMBEDS = [
  '/embed/progress',
  '/embed/progress?theme=dark',
  '/embed/chart',
  '/embed/chart?period=30d&theme=dark',
  '/embed/chart?period=90d',
  '/embed/chart?period=1y&theme=light',
];

describe('iframe widgets', () => {
  it('show no revenue before there is any', async () => {
    expect((await get('/embed/progress')).body).toContain('$0.00');
    expect((await get('/embed/chart')).body).toContain('No revenue yet.');
  });

  it('render the tracker and the chart as small script-free HTML', async () => {
    for (const [amount, date] of [
      ['1000.00', '2024-05-01'],
      ['334.56', '2024-06-01'],
    ]) {
      const created = await admin.call('POST', '/api/revenue', {
        amount,
        source: 'ai',
        description: 'A sale for the embeds test',
        date,
      });
      expect(created.statusCode).toBe(201);
    }
    const progress = await get('/embed/progress');
    expect(progress.statusCode).toBe(200);
    expect(progress.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(progress.body).toContain('$1,334.56');
    expect(progress.body).toContain('0.00013%');
    expect(progress.body).toMatch(
      /role="progressbar" aria-label="\$1,334\.56, 0\.00013% of \$1,000,000,000"/,
    );

    const chart = await get('/embed/chart?period=all');
    expect(chart.statusCode).toBe(200);
    expect(chart.body).toMatch(
      /<svg viewBox="0 0 440 150" role="img" aria-label="Revenue went from \$1,000\.00 \(May 1, 2024\) to \$1,334\.56 \(/,
    );
    expect(chart.body).toMatch(/<polyline [^>]*points="[\d., ]+"/);
    // The latest total is marked, so a period with a single point still shows one.
    expect(chart.body).toMatch(/<circle cx="436\.0" cy="[\d.]+" r="4"/);
    for (const url of EMBEDS) {
      const body = (await get(url)).body;
      expect(body, url).toMatch(/^<!doctype html><html lang="en">/);
      expect(body, url).not.toMatch(/<script|<link|<img|<iframe|\son\w+=|src=/i);
      // Small: one request, no bundle (decision 092 records the sizes).
      expect(Buffer.byteLength(body), url).toBeLessThan(4096);
    }
    expect((await get('/embed/chart?theme=dark')).body).toContain('#1a1b1e');
    expect((await get('/embed/chart?theme=light')).body).not.toContain('#1a1b1e');
  });

  it('may be framed by any site, set no cookie and are cached briefly', async () => {
    for (const url of EMBEDS) {
      // A signed-in owner's cookie does not make the widget touch the session.
      const response = await get(url, { cookie: admin.cookie });
      expect(response.statusCode, url).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain('frame-ancestors *');
      expect(csp, url).toContain("default-src 'none'");
      expect(csp, url).not.toContain('script-src');
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.headers['set-cookie'], url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe('public, max-age=300');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(response.headers.etag, url).toMatch(/^"[\w-]+"$/);
    }
    // Pages of the site itself still refuse to be framed.
    const home = await get('/');
    expect(String(home.headers['content-security-policy'] ?? '')).not.toContain('frame-ancestors *');
  });

  it('follow a new revenue entry at once', async () => {
    const before = await get('/embed/progress');
    expect(
      (
        await admin.call('POST', '/api/revenue', {
          amount: '0.44',
          source: 'ai',
          description: 'Another sale',
          date: '2024-06-02',
        })
      ).statusCode,
    ).toBe(201);
    const after = await get('/embed/progress');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('$1,335.00');
  });

  it('show only what the public site shows', async () => {
    await setPrivacy({ total: 'range' });
    const ranged = (await get('/embed/progress')).body;
    expect(ranged).toContain('$1k–$2.5k');
    expect(ranged).not.toMatch(/1,335|0\.00013/);
    // A series would give a ranged total away: not drawn.
    const chart = (await get('/embed/chart')).body;
    expect(chart).toContain('The owner keeps revenue over time private.');
    expect(chart).not.toMatch(/<svg|1,335|1,000\.00/);
    await setPrivacy({ total: 'hidden' });
    const hidden = (await get('/embed/progress')).body;
    expect(hidden).toContain('kept private');
    expect(hidden).not.toMatch(/\$1k|1,335|progressbar/);
    await setPrivacy({ total: 'exact' });
  });

  it('answer a bad period or theme with a 400 that names the field, not a 500', async () => {
    const period = await get('/embed/chart?period=2y');
    expect(period.statusCode).toBe(400);
    expect(period.json().errors).toEqual({ period: 'period must be 30d, 90d, 1y or all' });
    const theme = await get('/embed/progress?theme=blue');
    expect(theme.statusCode).toBe(400);
    expect(theme.json().errors).toEqual({ theme: 'theme must be light or dark' });
    const twice = await get('/embed/chart?theme=light&theme=dark');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty('theme');
  });
});

describe('Mastodon share page', () => {
  const share = (query: string) => get(`/share/mastodon?${query}`);
  const TEXT = 'Day 12: first $1k';
  const URL_ = 'https://journey.example/milestones/3-first-1k';
  const base = new URLSearchParams({ text: TEXT, url: URL_ }).toString();

  it('asks for the instance in a labelled form carrying the text and URL', async () => {
    const page = await share(base);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<label for="instance">Your Mastodon instance</label>');
    expect(page.body).toContain('<input type="hidden" name="text" value="Day 12: first $1k">');
    expect(page.body).not.toMatch(/<script|src=/i);
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('redirects to the instance’s share form, however the reader typed it', async () => {
    for (const typed of ['mastodon.social', ' https://Mastodon.Social/ ', '@me@mastodon.social']) {
      const response = await share(`${base}&instance=${encodeURIComponent(typed)}`);
      expect(response.statusCode, typed).toBe(303);
      const target = new URL(String(response.headers.location));
      expect(target.origin).toBe('https://mastodon.social');
      expect(target.pathname).toBe('/share');
      expect(target.searchParams.get('text')).toBe(`${TEXT} ${URL_}`);
    }
  });

  it('refuses an instance that is not a host name, and says why next to the field', async () => {
    for (const typed of [
      'localhost',
      '127.0.0.1',
      'evil.example/path',
      'javascript:alert(1)',
      'mastodon.social:8443',
      'a b.social',
      '',
    ]) {
      const response = await share(`${base}&instance=${encodeURIComponent(typed)}`);
      expect(response.statusCode, typed).toBe(400);
      expect(response.headers.location, typed).toBeUndefined();
      expect(response.body).toContain('aria-invalid="true" aria-describedby="instance-error"');
      expect(response.body).toContain('such as mastodon.social');
    }
    // What the reader typed comes back escaped.
    const escaped = await share(`${base}&instance=${encodeURIComponent('"><b>x')}`);
    expect(escaped.body).toContain('value="&quot;&gt;&lt;b&gt;x"');
  });

  it('answers a bad text or url with a 400, not a 500', async () => {
    expect((await share(`text=${'a'.repeat(501)}`)).statusCode).toBe(400);
    expect((await share('url=javascript:alert(1)')).statusCode).toBe(400);
    expect((await share('text=a&text=b')).statusCode).toBe(400);
  });
});
