import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createMilestone, deleteMilestonesMarked, type Milestone, section, uniqueTag } from './support';

/** Every milestone a test here creates has a title starting with this. */
const MARK = 'e2e-page';

/**
 * Days far past any other spec's, one range per project: the three milestones of a test are then
 * neighbours on the timeline whatever the other specs create meanwhile.
 */
const FIRST_DAY = { desktop: 97_000, mobile: 98_000 } as Record<string, number>;

/** Three consecutive milestones; the middle one is a revenue milestone. */
async function threeMilestones(admin: APIRequestContext, project: string): Promise<Milestone[]> {
  const tag = uniqueTag(project);
  const day = FIRST_DAY[project] ?? 99_000;
  return [
    await createMilestone(admin, {
      title: `${MARK} Launched the beta ${tag}`,
      description: 'The beta went out to the waiting list.',
      date: '2024-02-01',
      day,
      isRevenue: 0,
    }),
    await createMilestone(admin, {
      title: `${MARK} First $10k & counting ${tag}`,
      description: 'Ten thousand dollars of revenue in one month, from three products.',
      date: '2024-03-15',
      day: day + 1,
      isRevenue: 1,
      amount: '10000',
    }),
    await createMilestone(admin, {
      title: `${MARK} Hired no one ${tag}`,
      description: 'Still a team of one, with a fleet of models.',
      date: '2024-04-20',
      day: day + 2,
      isRevenue: 0,
    }),
  ];
}

/** A permalink as milestonePath builds it, but read from the page: the card's link. */
const cardLink = (page: Page, title: string) =>
  section(page, 'Journey Milestones').getByRole('link', { name: title, exact: true });

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(body: Buffer) {
  expect([...body.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(body.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

test.describe('milestone pages', () => {
  test.afterEach(async ({ adminRequest }) => deleteMilestonesMarked(adminRequest, MARK));

  test('a timeline card opens its page, and previous/next walk the timeline', async ({
    page,
    adminRequest,
  }, testInfo) => {
    const [first, middle, last] = await threeMilestones(adminRequest, testInfo.project.name);

    await page.goto('/');
    await cardLink(page, middle!.title).click();
    await expect(page).toHaveURL(/\/milestones\/\d+-e2e-page-first-10k-counting-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(middle!.title);
    await expect(page).toHaveTitle(`${middle!.title} · Solo Unicorn`);
    const article = page.getByRole('article');
    await expect(article.getByText(`Day ${middle!.day}`, { exact: true })).toBeVisible();
    await expect(article.getByText('Mar 15, 2024', { exact: true })).toBeVisible();
    await expect(article.getByText('$10,000.00', { exact: true })).toBeVisible();
    await expect(article.getByText(middle!.description, { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

    const more = page.getByRole('navigation', { name: 'More milestones' });
    await more
      .getByRole('link', { name: new RegExp(`Next milestone.*${escapeRegExp(last!.title)}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last!.title);
    await expect(page).toHaveTitle(`${last!.title} · Solo Unicorn`);
    // The last one has no next.
    await expect(more.getByRole('link', { name: /Next milestone/ })).toHaveCount(0);

    await more
      .getByRole('link', { name: new RegExp(`Previous milestone.*${escapeRegExp(middle!.title)}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(middle!.title);
    await more
      .getByRole('link', { name: new RegExp(`Previous milestone.*${escapeRegExp(first!.title)}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
    await expect(page.getByRole('article').getByText(/^\$/)).toHaveCount(0);

    // Back to the timeline.
    await page.getByRole('link', { name: 'All milestones' }).click();
    await expect(page).toHaveURL(/\/#milestones$/);
    await expect(section(page, 'Journey Milestones')).toBeInViewport();
  });

  test('its og:image loads as a 1200x630 PNG', async ({ page, adminRequest }, testInfo) => {
    const [, middle] = await threeMilestones(adminRequest, testInfo.project.name);
    const response = await page.goto(`/milestones/${middle!.id}`);
    // The bare id redirected to the canonical address.
    expect(response?.url()).toMatch(new RegExp(`/milestones/${middle!.id}-e2e-page-first-10k-counting-`));
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`/milestones/${middle!.id}/og\\.png$`));
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(image);

    const png = await page.request.get(image!);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toEqual({ width: 1200, height: 630 });
  });

  test('has no accessibility violations', async ({ page, adminRequest, axe }, testInfo) => {
    const [, middle] = await threeMilestones(adminRequest, testInfo.project.name);
    await page.goto(`/milestones/${middle!.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await axe();
  });

  test('has no accessibility violations in the dark scheme either, with the toggle in its header', async ({
    page,
    adminRequest,
    axe,
  }, testInfo) => {
    const [, middle] = await threeMilestones(adminRequest, testInfo.project.name);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/milestones/${middle!.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await axe();
  });

  test('the card link takes keyboard focus with a visible ring and opens with Enter', async ({
    page,
    adminRequest,
  }, testInfo) => {
    const [first] = await threeMilestones(adminRequest, testInfo.project.name);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const link = cardLink(page, first!.title);
    await link.scrollIntoViewIfNeeded();
    // Tab from the element before it, as a keyboard user would arrive.
    await link.evaluate((element) => {
      const focusable = [...document.querySelectorAll<HTMLElement>('a[href], button')];
      focusable[focusable.indexOf(element as HTMLElement) - 1]?.focus();
    });
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);
  });

  test('the server HTML holds the page and its tags, without JavaScript', async ({
    browser,
    adminRequest,
    baseURL,
  }, testInfo) => {
    const [first, middle, last] = await threeMilestones(adminRequest, testInfo.project.name);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
    });
    const page = await context.newPage();
    await page.goto(`/milestones/${middle!.id}-an-old-slug`);
    expect(page.url()).toMatch(new RegExp(`/milestones/${middle!.id}-e2e-page-first-10k-counting-`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(middle!.title);
    await expect(page.getByText('$10,000.00', { exact: true })).toBeVisible();
    const more = page.getByRole('navigation', { name: 'More milestones' });
    await expect(more.getByRole('link', { name: new RegExp(escapeRegExp(first!.title)) })).toBeVisible();
    await expect(more.getByRole('link', { name: new RegExp(escapeRegExp(last!.title)) })).toBeVisible();

    const content = (selector: string) => page.locator(selector).getAttribute('content');
    const url = page.url();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
    expect(await content('meta[property="og:type"]')).toBe('article');
    expect(await content('meta[property="og:title"]')).toBe(middle!.title);
    expect(await content('meta[property="og:description"]')).toBe(middle!.description);
    expect(await content('meta[property="og:url"]')).toBe(url);
    expect(await content('meta[property="og:image"]')).toMatch(/\/og\.png$/);
    expect(await content('meta[property="og:image:width"]')).toBe('1200');
    expect(await content('meta[property="og:image:height"]')).toBe('630');
    expect(await content('meta[property="og:image:alt"]')).toContain(middle!.title);
    expect(await content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await content('meta[name="twitter:title"]')).toBe(middle!.title);
    expect(await content('meta[name="twitter:description"]')).toBe(middle!.description);
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await context.close();
  });

  test.describe('an unknown milestone', () => {
    // The browser logs the page's own 404 status.
    test.use({
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
      ],
    });

    test('is the not-found page with a 404', async ({ page }) => {
      const response = await page.goto('/milestones/2000000000-no-such-milestone');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
