import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { createMilestone, deleteMilestonesMarked } from './records';
import { uniqueTag } from './support';

// The widgets other sites paste (docs/decisions/092-embeds-and-shields.md): framed by a page on another
// origin, they render, set no cookie and pass axe; a milestone's share links are plain URLs.

const MARK = 'e2e-share';

/** A page on another origin (`localhost`, the app being on 127.0.0.1) that frames the widgets. */
async function hostPage(appOrigin: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><title>A blog</title></head><body><main>
<h1>My blog</h1>
<iframe src="${appOrigin}/embed/progress" title="Progress" width="320" height="120"></iframe>
<iframe src="${appOrigin}/embed/chart?period=all&theme=light" title="Chart light" width="480" height="260"></iframe>
<iframe src="${appOrigin}/embed/chart?period=30d&theme=dark" title="Chart dark" width="480" height="260"></iframe>
</main></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test.describe('embeds', () => {
  test('the widgets render inside iframes on another origin, with no cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    const app = new URL(baseURL!);
    test.skip(app.hostname === 'localhost', 'the host page needs an origin other than the app’s');
    const host = await hostPage(app.origin);
    try {
      await page.goto(host.url);
      const progress = page.frameLocator('iframe[title="Progress"]');
      await expect(progress.getByRole('heading', { name: 'Revenue toward $1,000,000,000' })).toBeVisible();
      await expect(progress.getByRole('link', { name: 'Follow the journey' })).toHaveAttribute(
        'href',
        `${app.origin}/`,
      );
      for (const [title, heading] of [
        ['Chart light', 'Revenue over the whole journey'],
        ['Chart dark', 'Revenue over the last 30 days'],
      ] as const) {
        const chart = page.frameLocator(`iframe[title="${title}"]`);
        await expect(chart.getByRole('heading', { name: heading })).toBeVisible();
        await expect(chart.locator('svg[role="img"], p').first()).toBeVisible();
      }
      // The dark chart is drawn dark.
      const darkBackground = await page
        .frameLocator('iframe[title="Chart dark"]')
        .locator('body')
        .evaluate((body) => getComputedStyle(body).backgroundColor);
      expect(darkBackground).toBe('rgb(26, 27, 30)');
      expect(await context.cookies([app.origin, host.url])).toEqual([]);
    } finally {
      await host.close();
    }
  });

  for (const url of [
    '/embed/progress',
    '/embed/progress?theme=dark',
    '/embed/chart?theme=dark',
    '/embed/chart',
  ]) {
    test(`${url} passes axe on its own`, async ({ page, context, axe }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain('frame-ancestors *');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axe();
      expect(await context.cookies()).toEqual([]);
    });
  }

  test('a bad period is a 400 with a clear message', async ({ page }) => {
    const response = await page.request.get('/embed/chart?period=2y');
    expect(response.status()).toBe(400);
    expect((await response.json()).errors).toEqual({ period: 'period must be 30d, 90d, 1y or all' });
  });
});

test.describe('share links', () => {
  // The refused instance is answered 400 (with the form again), which Chromium logs.
  test.use({
    allowedConsoleErrors: [/status of 400 \(Bad Request\) \(at http:\/\/[^)]+\/share\/mastodon\?/],
  });
  test.afterEach(async ({ adminRequest }) => deleteMilestonesMarked(adminRequest, MARK));

  test('a milestone links to X, Bluesky, LinkedIn and the Mastodon page, which validates and redirects', async ({
    page,
    adminRequest,
    axe,
  }, testInfo) => {
    const milestone = await createMilestone(adminRequest, {
      title: `${MARK} First sale ${uniqueTag(testInfo.project.name)}`,
      description: 'The first dollar.',
      date: '2024-02-01',
      day: 12,
      isRevenue: 0,
    });
    await page.goto(`/milestones/${milestone.id}`);
    const pageUrl = page.url();
    const text = `Day 12: ${milestone.title}`;
    const share = page.getByRole('navigation', { name: 'Share' });
    const hrefOf = async (name: string) =>
      new URL((await share.getByRole('link', { name, exact: true }).getAttribute('href'))!, pageUrl);

    const x = await hrefOf('X');
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(Object.fromEntries(x.searchParams)).toEqual({ text, url: pageUrl });
    const bluesky = await hrefOf('Bluesky');
    expect(bluesky.origin + bluesky.pathname).toBe('https://bsky.app/intent/compose');
    expect(bluesky.searchParams.get('text')).toBe(`${text} ${pageUrl}`);
    const linkedin = await hrefOf('LinkedIn');
    expect(linkedin.href).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
    );
    await axe();
    // The links read in the dark scheme too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await axe();

    // No request leaves for the real instance: the redirect's target answers here.
    let reached: URL | undefined;
    await page.route('https://mastodon.social/**', async (route) => {
      reached = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mastodon</title>' });
    });
    await share.getByRole('link', { name: 'Mastodon', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Share on Mastodon' })).toBeVisible();
    const instance = page.getByRole('textbox', { name: 'Your Mastodon instance' });
    await axe();
    await page.emulateMedia({ colorScheme: 'light' });
    await axe();

    await instance.fill('localhost');
    await page.keyboard.press('Enter');
    await expect(instance).toHaveAttribute('aria-invalid', 'true');
    await expect(instance).toHaveAccessibleDescription(
      'Enter your instance’s host name, such as mastodon.social.',
    );
    await axe();

    await instance.fill('@me@mastodon.social');
    await page.getByRole('button', { name: 'Continue to Mastodon' }).click();
    await expect.poll(() => reached?.pathname).toBe('/share');
    expect(reached!.searchParams.get('text')).toBe(`${text} ${pageUrl}`);
  });
});
