import path from 'node:path';
import { DEFAULT_EXPERIMENT_IMAGE_URL } from '@journey/contracts';
import { schema } from '@journey/db';
import { describe, expect, it } from 'vitest';
import { call, fakeWebBuild, itRejectsBadInput, useAdminServer } from './helpers';

/** The web app's real server entry, from its sources: the /lab pages as production renders them. */
const WEB_ENTRY = path.resolve(import.meta.dirname, '../../web/src/entry-server.tsx');

const admin = useAdminServer({
  env: { WEB_DIST_DIR: fakeWebBuild(`export * from ${JSON.stringify(WEB_ENTRY)};`) },
});

const experiment = {
  title: 'Newsletter Engine',
  description: 'A newsletter written with AI research and sold through sponsorships.',
  status: 'Popular',
  statusColor: 'text-green-500',
  projectCount: 2,
  imageUrl: 'https://images.example.com/newsletter.png',
};
const count = () => admin.server.db.$count(schema.experiments);
const SLUG_MESSAGE =
  'Slug must be lowercase letters and digits in words joined by single hyphens, like my-experiment.';
const VERDICT_REQUIRED = 'Verdict is required when the experiment is killed: one line on why.';

const get = (url: string) =>
  admin.server.app.inject({ method: 'GET', url, headers: { host: 'journey.example' } });
const put = (id: number, body: object) => admin.call('PUT', `/api/admin/experiments/${id}`, body);

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer) {
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('experiments', () => {
  it('lists the five seeded experiments of the spec', async () => {
    const list = (await call(admin.server.app, 'GET', '/api/experiments')).json();
    expect(list.map((e: { title: string }) => e.title)).toEqual([
      'Solo App Builds',
      'Rewriting History',
      'Public Domain Flipping',
      'Self-Improvement AI',
      'AI Startup Studio',
    ]);
    expect(list[4]).toMatchObject({ status: 'Flagship', statusColor: 'text-pink-500' });
  });

  it('gives the seeded experiments slugs from their titles', async () => {
    const list = (await call(admin.server.app, 'GET', '/api/experiments')).json();
    expect(list.map((e: { slug: string }) => e.slug)).toEqual([
      'solo-app-builds',
      'rewriting-history',
      'public-domain-flipping',
      'self-improvement-ai',
      'ai-startup-studio',
    ]);
    expect(list[0]).toMatchObject({ state: 'running', stateChangedAt: null, verdict: null, story: '' });
  });

  it('creates an experiment whose colour follows its status through the one map', async () => {
    const response = await admin.call('POST', '/api/experiments', experiment);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      ...experiment,
      statusColor: 'text-blue-500',
      slug: 'newsletter-engine',
      story: '',
      state: 'running',
      stateChangedAt: null,
      verdict: null,
      createdAt: expect.any(String),
    });
  });

  it('uses the placeholder image when none is given and coerces a numeric project count', async () => {
    const { imageUrl: _omitted, ...rest } = experiment;
    const response = await admin.call('POST', '/api/experiments', { ...rest, projectCount: '7' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ imageUrl: DEFAULT_EXPERIMENT_IMAGE_URL, projectCount: 7 });
  });

  itRejectsBadInput(admin, '/api/experiments', count, [
    [{ ...experiment, title: 'A' }, 'title', 'Title must be at least 2 characters.'],
    [{ ...experiment, description: 'short' }, 'description', 'Description must be at least 10 characters.'],
    [{ ...experiment, status: 'Legendary' }, 'status', 'Status must be Active, Popular or Flagship.'],
    [{ ...experiment, projectCount: -1 }, 'projectCount', 'Project count cannot be negative.'],
    [{ ...experiment, projectCount: 'many' }, 'projectCount', 'Project count must be a whole number.'],
    [{ ...experiment, imageUrl: 'not a url' }, 'imageUrl', 'Please enter a valid URL for the image.'],
    [
      { ...experiment, imageUrl: 'javascript:alert(1)' },
      'imageUrl',
      'Please enter a valid URL for the image.',
    ],
    [{ ...experiment, slug: 'Not a slug!' }, 'slug', SLUG_MESSAGE],
    [{ ...experiment, slug: 'double--hyphen' }, 'slug', SLUG_MESSAGE],
    [{ ...experiment, slug: 'a'.repeat(61) }, 'slug', 'Slug must be at most 60 characters.'],
    [{ ...experiment, slug: 7 }, 'slug', 'Slug must be text.'],
    [{ ...experiment, story: 'x'.repeat(20_001) }, 'story', 'Story must be at most 20,000 characters.'],
    [{ ...experiment, state: 'dead' }, 'state', 'State must be running, paused or killed.'],
    [{ ...experiment, state: 'killed' }, 'verdict', VERDICT_REQUIRED],
    [{ ...experiment, state: 'killed', verdict: '   ' }, 'verdict', VERDICT_REQUIRED],
    [{ ...experiment, state: 'killed', verdict: null }, 'verdict', VERDICT_REQUIRED],
    [
      { ...experiment, state: 'killed', verdict: 'x'.repeat(141) },
      'verdict',
      'Verdict must be at most 140 characters.',
    ],
    [
      { ...experiment, state: 'paused', verdict: 'Two\nlines' },
      'verdict',
      'Verdict must be a single line of text.',
    ],
  ]);

  it('edits a seeded experiment, and deleted seeds stay deleted', async () => {
    const [first] = (await call(admin.server.app, 'GET', '/api/experiments')).json();
    const edited = await admin.call('PUT', `/api/admin/experiments/${first.id}`, {
      ...experiment,
      title: 'Solo App Builds v2',
      status: 'Flagship',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: first.id,
      title: 'Solo App Builds v2',
      statusColor: 'text-pink-500',
    });

    expect((await admin.call('DELETE', `/api/admin/experiments/${first.id}`)).statusCode).toBe(204);
    const titles = (await call(admin.server.app, 'GET', '/api/experiments'))
      .json()
      .map((e: { title: string }) => e.title);
    expect(titles).not.toContain('Solo App Builds v2');
    expect(titles).not.toContain('Solo App Builds');
    expect((await admin.call('PUT', `/api/admin/experiments/${first.id}`, experiment)).statusCode).toBe(404);
  });

  it('makes a clashing slug unique with -2, -3, and keeps it when the title changes', async () => {
    const same = { ...experiment, title: 'Clash Test: Café!' };
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await admin.create('/api/experiments', same)).json().slug);
    expect(slugs).toEqual(['clash-test-cafe', 'clash-test-cafe-2', 'clash-test-cafe-3']);

    const first = (await call(admin.server.app, 'GET', '/api/experiments/clash-test-cafe')).json().experiment;
    const renamed = await put(first.id, { ...same, title: 'A whole new name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'A whole new name', slug: 'clash-test-cafe' });
  });

  it('takes a slug given, lowercased and trimmed, and refuses one another experiment has with a 409 on the field', async () => {
    const created = await admin.create('/api/experiments', { ...experiment, slug: '  Own-Slug ' });
    expect(created.json().slug).toBe('own-slug');
    const before = await count();
    const taken = await admin.call('POST', '/api/experiments', { ...experiment, slug: 'own-slug' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Slug is already used by another experiment.',
      errors: { slug: 'Slug is already used by another experiment.' },
    });
    expect(await count()).toBe(before);

    const other = (await admin.create('/api/experiments', { ...experiment, title: 'Other one' })).json();
    const clash = await put(other.id, { ...experiment, slug: 'own-slug' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ slug: 'Slug is already used by another experiment.' });
    const moved = await put(other.id, { ...experiment, slug: 'other-slug' });
    expect(moved.json().slug).toBe('other-slug');
    // An empty slug on an edit keeps the one it has.
    expect((await put(other.id, { ...experiment, slug: '' })).json().slug).toBe('other-slug');
  });

  it('dates a pause or a kill, keeps the date while the state stays, and clears both when running again', async () => {
    const { id } = (await admin.create('/api/experiments', { ...experiment, title: 'State machine' })).json();
    const paused = (await put(id, { ...experiment, state: 'paused' })).json();
    expect(paused).toMatchObject({ state: 'paused', verdict: null });
    expect(Date.parse(paused.stateChangedAt)).toBeGreaterThan(Date.now() - 60_000);

    const killed = (
      await put(id, { ...experiment, state: 'killed', verdict: '  Nobody paid for it.  ' })
    ).json();
    expect(killed).toMatchObject({ state: 'killed', verdict: 'Nobody paid for it.' });
    expect(Date.parse(killed.stateChangedAt)).toBeGreaterThanOrEqual(Date.parse(paused.stateChangedAt));

    // An edit that leaves the state out (a client written before it) changes neither it nor its date.
    const edited = (await put(id, { ...experiment, description: 'Still killed, described anew.' })).json();
    expect(edited).toMatchObject({
      state: 'killed',
      verdict: 'Nobody paid for it.',
      stateChangedAt: killed.stateChangedAt,
    });
    const reworded = (await put(id, { ...experiment, state: 'killed', verdict: 'Too few buyers.' })).json();
    expect(reworded).toMatchObject({ verdict: 'Too few buyers.', stateChangedAt: killed.stateChangedAt });

    // Leaving the state out and emptying the verdict of a killed experiment is refused.
    const emptied = await put(id, { ...experiment, verdict: '' });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ verdict: VERDICT_REQUIRED });

    const running = (await put(id, { ...experiment, state: 'running', verdict: 'ignored' })).json();
    expect(running).toMatchObject({ state: 'running', stateChangedAt: null, verdict: null });
  });

  it('keeps the story when an edit leaves it out, and serves it as sanitized HTML by slug', async () => {
    const story = '# Why\n\nIt **worked** <script>alert(1)</script> [link](javascript:alert(1))';
    const { id, slug } = (
      await admin.create('/api/experiments', { ...experiment, title: 'Story time', story })
    ).json();
    expect((await put(id, experiment)).json().story).toBe(story);

    const response = await call(admin.server.app, 'GET', `/api/experiments/${slug}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.experiment).toMatchObject({ id, slug, story });
    expect(detail.storyHtml).toContain('<strong>worked</strong>');
    expect(detail.storyHtml).not.toContain('<script');
    expect(detail.storyHtml).not.toContain('javascript:');
  });

  it('answers an unknown slug with a 404 and a malformed one with a 400, never a 500', async () => {
    const unknown = await call(admin.server.app, 'GET', '/api/experiments/no-such-experiment');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Experiment not found' });
    for (const bad of ['Bad_Slug', 'a--b', '-x', 'x'.repeat(61)]) {
      const response = await call(admin.server.app, 'GET', `/api/experiments/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors).toHaveProperty('slug');
    }
  });

  it('describes the new fields and the read by slug in the OpenAPI document', async () => {
    const document = (await call(admin.server.app, 'GET', '/api/openapi.json')).json();
    expect(document.paths['/experiments/{slug}'].get).toBeDefined();
    const body = document.paths['/experiments'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['slug', 'story', 'state', 'verdict']),
    );
    expect(body.required).not.toContain('slug');
  });

  it('renders /lab/{slug} on the server with its preview image, and a 404 page for an unknown slug', async () => {
    const { slug, title } = (
      await admin.create('/api/experiments', {
        ...experiment,
        title: 'Lab page <b>check</b>',
        story: 'The *story* of it.',
        state: 'killed',
        verdict: 'Stopped after a month.',
      })
    ).json();
    const page = await get(`/lab/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Lab page &lt;b&gt;check&lt;/b&gt;');
    expect(page.body).toContain('<em>story</em>');
    expect(page.body).toContain('Stopped after a month.');
    expect(page.body).toContain(
      `<meta property="og:image" content="http://journey.example/lab/${slug}/og.png"`,
    );
    expect(title).toBe('Lab page <b>check</b>');

    const image = await get(`/lab/${slug}/og.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });

    expect((await get('/lab/no-such-experiment')).statusCode).toBe(404);
    expect((await get('/lab/not_a_slug')).statusCode).toBe(404);
    const missingImage = await get('/lab/no-such-experiment/og.png');
    expect(missingImage.statusCode).toBe(404);
    expect(missingImage.json()).toEqual({ message: 'Experiment not found' });
    expect((await get('/lab/Bad_Slug/og.png')).statusCode).toBe(400);
  });
});
