import { expect, test } from './fixtures';
import {
  createMilestone,
  createRevenue,
  deleteMilestone,
  deleteRevenue,
  finalAmount,
  HEADLINE,
  listMilestones,
  listRevenue,
  money,
  PRODUCT,
  revenueSummary,
  section,
  SUBTEXT,
  uniqueTag,
  visibleAmount,
} from './support';

const MARK = 'e2e ssr';

/** The visible text of an HTML document: no scripts, styles or tags; entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,])/g, '$1');
}

/** The content of <meta name|property="key">, or of the first <link rel="key">. */
function headValue(html: string, key: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  for (const tag of head.match(/<(meta|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) => tag.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1];
    if (attribute('name') === key || attribute('property') === key) return attribute('content');
    if (tag.toLowerCase().startsWith('<link') && attribute('rel') === key) return attribute('href');
  }
  return undefined;
}

test.describe('server-rendered landing page', () => {
  test.afterEach(async ({ adminRequest }) => {
    for (const entry of await listRevenue(adminRequest)) {
      if (entry.description.startsWith(MARK)) await deleteRevenue(adminRequest, entry.id);
    }
    for (const milestone of await listMilestones(adminRequest)) {
      if (milestone.title.startsWith(MARK)) await deleteMilestone(adminRequest, milestone.id);
    }
  });

  test('the HTML already holds the headline, the current totals and the milestones', async ({
    request,
    adminRequest,
  }, testInfo) => {
    await createRevenue(adminRequest, { amount: '4321.09', source: 'passive', description: `${MARK} entry` });
    const milestone = await createMilestone(adminRequest, {
      title: `${MARK} milestone ${uniqueTag(testInfo.project.name)}`,
      description: 'Rendered on the server, before any script runs.',
      date: '2024-05-01',
      day: 30,
      isRevenue: 0,
    });
    const summary = await revenueSummary(request);

    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const text = textOf(await response.text());

    expect(text).toContain(HEADLINE);
    expect(text).toContain(SUBTEXT);
    expect(text).toContain(`${PRODUCT} Build Tracker`);
    expect(text).toContain(`Current Progress ${money(summary.totalRevenue)}`);
    expect(text).toContain(`Passive Income ${money(summary.bySource.passive)}`);
    expect(text).toContain(`All Revenue ${money(summary.totalRevenue)}`);
    expect(text).toContain(milestone.title);
    expect(text).toContain('Day 30');
    for (const heading of [
      'The Spark',
      'Journey Milestones',
      'AI Arena',
      'Solo App Builds',
      'Join The Journey',
    ]) {
      expect(text).toContain(heading);
    }
  });

  test('the browser hydrates from the embedded state: no second fetch of the page data', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    // Interaction proves hydration happened: the filter toggles only once React owns the page.
    const consulting = section(page, `${PRODUCT} Build Tracker`).getByRole('button', { name: /^Consulting/ });
    await consulting.click();
    await expect(consulting).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    expect(apiCalls, 'API calls made by the hydrated landing page').toEqual([]);
  });

  test('the head has the title, description, canonical URL and sharing tags', async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get('/')).text();

    const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
    expect(title).toMatch(new RegExp(`${PRODUCT}`));
    const description = headValue(html, 'description');
    expect(description?.length, 'meta description').toBeGreaterThan(50);
    expect(headValue(html, 'canonical')).toBe(`${baseURL}/`);
    expect(headValue(html, 'og:title')).toBe(title);
    expect(headValue(html, 'og:description')).toBe(description);
    expect(headValue(html, 'og:url')).toBe(`${baseURL}/`);
    expect(headValue(html, 'twitter:card')).toBe('summary_large_image');

    const image = headValue(html, 'og:image');
    expect(image, 'og:image is an absolute URL').toMatch(/^https?:\/\//);
    const imageResponse = await request.get(image!);
    expect(imageResponse.status(), `GET ${image}`).toBe(200);
    expect(imageResponse.headers()['content-type']).toMatch(/^image\//);
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });

    test('the page is readable: headline, tracker total and every section', async ({
      page,
      request,
      adminRequest,
    }) => {
      await createRevenue(adminRequest, { amount: '987.65', source: 'ai', description: `${MARK} no-js` });
      const summary = await revenueSummary(request);

      await page.goto('/');

      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
      await expect(page.getByText(SUBTEXT, { exact: true })).toBeVisible();
      await expect(visibleAmount(page)).toHaveText(money(summary.totalRevenue));
      await expect(finalAmount(page)).toHaveText(money(summary.totalRevenue));
      await expect(
        page.getByRole('button', { name: `All Revenue ${money(summary.totalRevenue)}`, exact: true }),
      ).toBeVisible();
      for (const name of [
        `${PRODUCT} Build Tracker`,
        'The Spark',
        'Journey Milestones',
        'AI Arena',
        'Join The Journey',
      ]) {
        const region = section(page, name);
        await region.scrollIntoViewIfNeeded();
        await expect(region.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      await expect(
        section(page, 'AI Arena').getByRole('heading', { level: 3, name: 'Solo App Builds', exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Without scripts the hero is still there to read (the entrance animation is CSS only).
      await expect(section(page, HEADLINE).getByRole('heading', { level: 1 }).locator('..')).toHaveCSS(
        'opacity',
        '1',
      );
    });
  });
});
