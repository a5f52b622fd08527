import { expect, test } from './fixtures';
import {
  expectProgress,
  HEADER_HEIGHT,
  HEADLINE,
  money,
  PRODUCT,
  revenueSummary,
  section,
  SOURCE_LABELS,
  SUBTEXT,
  tracker,
} from './support';

const NAV_LINKS = [
  ['Journey', '#journey'],
  ['Milestones', '#milestones'],
  ['AI Lab', '#lab'],
  ['Contact', '#contact'],
] as const;

/** The five experiments seeded on a new database (docs/decisions/018-experiments-from-the-server.md), in their order. */
const EXPERIMENTS = [
  { title: 'Solo App Builds', status: 'Active', projects: /^12 projects$/ },
  { title: 'Rewriting History', status: 'Popular', projects: /^5 projects$/ },
  { title: 'Public Domain Flipping', status: 'Active', projects: /^8 projects$/ },
  { title: 'Self-Improvement AI', status: 'Popular', projects: /^3 projects$/ },
  { title: 'AI Startup Studio', status: 'Flagship', projects: /^1 projects?$/ },
] as const;

test.describe('landing page', () => {
  test('shows the headline with the product name', async ({ page, axe }) => {
    const response = await page.goto('/');
    expect(response, 'the navigation has a response').not.toBeNull();
    expect(response!.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/\S/);

    await axe();
  });

  test('has the sections in the order of the spec, each with its anchor', async ({ page }) => {
    await page.goto('/');

    const expected = [
      { name: HEADLINE, level: 1, id: null },
      { name: `${PRODUCT} Build Tracker`, level: 2, id: 'tracker' },
      { name: 'The Spark', level: 2, id: 'journey' },
      { name: 'Journey Milestones', level: 2, id: 'milestones' },
      { name: 'AI Arena', level: 2, id: 'lab' },
      { name: 'Join The Journey', level: 2, id: 'contact' },
    ];
    const tops: number[] = [(await page.getByRole('banner').boundingBox())!.y];
    for (const { name, level, id } of expected) {
      const region = section(page, name);
      await expect(region, `section "${name}"`).toBeVisible();
      await expect(region.getByRole('heading', { level, name, exact: true })).toBeVisible();
      if (id) await expect(region).toHaveAttribute('id', id);
      tops.push((await region.boundingBox())!.y);
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    tops.push((await footer.boundingBox())!.y);

    expect(tops, 'header, hero, tracker, story, milestones, lab, contact, footer from top to bottom').toEqual(
      [...tops].sort((a, b) => a - b),
    );
    expect(new Set(tops).size).toBe(tops.length);
  });

  test('the hero has the headline, the subtext, both buttons and the scroll hint', async ({ page }) => {
    await page.goto('/');
    const hero = section(page, HEADLINE);

    await expect(hero.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(hero.getByText(SUBTEXT, { exact: true })).toBeVisible();
    for (const [name, href] of [
      ['Begin The Journey', '#journey'],
      ['View Tracker', '#tracker'],
    ] as const) {
      await expect(hero.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const hint = hero.getByRole('link', { name: 'Scroll to explore', exact: true });
    await expect(hint).toBeVisible();
    await expect(hint).toHaveAttribute('href', /^#\w+/);
  });

  test('the sticky header has the brand, the section links, Admin and Connect', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');

    await expect(header.getByRole('link', { name: `Solo ${PRODUCT}`, exact: true })).toBeVisible();
    await expect(header).toHaveCSS('position', 'sticky');
    expect((await header.boundingBox())!.height).toBe(HEADER_HEIGHT);

    const nav = header.getByRole('navigation', { name: 'Main' });
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    if (page.viewportSize()!.width >= 992) {
      // Wide screens: the links sit in the header; no menu button.
      await expect(nav).toBeVisible();
      for (const [label, href] of NAV_LINKS) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }
      await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/auth');
      await expect(nav.getByRole('link', { name: 'Connect', exact: true })).toHaveAttribute(
        'href',
        '#contact',
      );
      await expect(nav.getByRole('link')).toHaveCount(NAV_LINKS.length + 2);
      await expect(menuButton).toBeHidden();
    } else {
      // Below 62em the links move into the menu (navigation.spec.ts).
      await expect(header.getByRole('link', { name: 'Journey' })).toBeHidden();
      await expect(nav).toBeHidden();
      await expect(menuButton).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    }

    // Sticky: still at the top of the viewport after scrolling down.
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect((await header.boundingBox())!.y).toBe(0);
    await expect(header.getByRole('link', { name: `Solo ${PRODUCT}`, exact: true })).toBeInViewport();
  });

  test('the tracker shows the progress, the source filters and the stat cards', async ({ page, request }) => {
    const summary = await revenueSummary(request);
    await page.goto('/');
    const region = tracker(page);

    await expect(region.getByRole('heading', { level: 2 })).toHaveText(`${PRODUCT} Build Tracker`);
    await expect(region.getByText('Current Progress', { exact: true })).toBeVisible();
    await expect(
      region.getByRole('progressbar', { name: 'Progress toward $1,000,000,000', exact: true }),
    ).toBeVisible();
    await expectProgress(page, summary.totalRevenue);

    const filters = region.getByRole('group', { name: 'Filter revenue by source' });
    await expect(filters.getByRole('button')).toHaveCount(4);
    await expect(
      filters.getByRole('button', { name: `All Revenue ${money(summary.totalRevenue)}`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    for (const [source, label] of Object.entries(SOURCE_LABELS)) {
      const total = summary.bySource[source as keyof typeof SOURCE_LABELS];
      await expect(
        filters.getByRole('button', { name: `${label} ${money(total)}`, exact: true }),
      ).toHaveAttribute('aria-pressed', 'false');
    }

    for (const [label, value] of [
      ['Revenue Sources', '12'],
      ['Growth Rate', '+27% monthly'],
      ['Time Elapsed', '198 days'],
    ] as const) {
      const labelText = region.getByText(label, { exact: true });
      await expect(labelText).toBeVisible();
      // The value sits right next to its label, in the same card.
      await expect(labelText.locator('xpath=..').getByText(value, { exact: true })).toBeVisible();
    }
  });

  test('an anonymous visitor gets no add buttons', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The filters answer clicks: the page is hydrated and knows who is signed in.
    const aiFilter = page.getByRole('button', { name: /^AI Projects / });
    await aiFilter.click();
    await expect(aiFilter).toHaveAttribute('aria-pressed', 'true');

    await expect(section(page, 'Journey Milestones').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Revenue' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add New Milestone' })).toHaveCount(0);
  });

  test('the story section tells the spark in a few paragraphs', async ({ page }) => {
    await page.goto('/');
    const story = section(page, 'The Spark');

    await expect(story).toHaveAttribute('id', 'journey');
    await expect(story.getByRole('heading', { level: 2 })).toHaveText('The Spark');
    const paragraphs = await story.getByRole('paragraph').allInnerTexts();
    expect(
      paragraphs.filter((text) => text.trim().length > 100).length,
      'at least three story paragraphs',
    ).toBeGreaterThanOrEqual(3);
  });

  test('the AI Arena lists the five experiments and the launch card', async ({ page }) => {
    await page.goto('/');
    const lab = section(page, 'AI Arena');
    const articles = lab.getByRole('article');

    const titles = await articles.getByRole('heading', { level: 3 }).allInnerTexts();
    const seeded = EXPERIMENTS.map((experiment) => experiment.title);
    expect(
      titles.filter((title) => (seeded as string[]).includes(title)),
      'the seeded experiments, in order',
    ).toEqual(seeded);
    expect(titles.at(-1), 'the launch card comes last').toBe('Launch New Experiment');

    for (const experiment of EXPERIMENTS) {
      const card = articles.filter({
        has: page.getByRole('heading', { level: 3, name: experiment.title, exact: true }),
      });
      await expect(card).toHaveCount(1);
      await expect(card.getByText(experiment.status, { exact: true })).toBeVisible();
      await expect(card.getByText(experiment.projects)).toBeVisible();

      const image = card.locator('img');
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('width', /^[1-9]\d*$/);
      await expect(image).toHaveAttribute('height', /^[1-9]\d*$/);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          message: `the image of "${experiment.title}" loads`,
        })
        .toBe(true);
    }

    const launch = articles.filter({
      has: page.getByRole('heading', { level: 3, name: 'Launch New Experiment', exact: true }),
    });
    // Pitching an idea goes through the contact section.
    const getStarted = launch.getByRole('link', { name: 'Get Started', exact: true });
    await expect(getStarted).toHaveAttribute('href', '#contact');
  });

  test('the contact section has the sign-up form and the direct channels', async ({ page }) => {
    await page.goto('/');
    const contact = section(page, 'Join The Journey');

    await expect(contact.getByRole('heading', { level: 3, name: 'Stay Updated', exact: true })).toBeVisible();
    await expect(contact.getByRole('textbox', { name: 'Email address', exact: true })).toBeVisible();
    await expect(
      contact.getByRole('checkbox', {
        name: 'I agree to receive updates about the journey by email. Unsubscribe any time.',
        exact: true,
      }),
    ).not.toBeChecked();
    await expect(contact.getByRole('button', { name: 'Subscribe', exact: true })).toBeEnabled();

    // A new install has no contact address or link set: no card points nowhere (site-settings.spec.ts).
    await expect(contact.getByRole('heading', { name: 'Connect Directly' })).toHaveCount(0);
  });

  test('the footer has the legal links, named as the spec says, to their pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // No social link is set on a new install, so there is no list of them.
    await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    for (const [label, href] of [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Settings', '/cookies'],
    ] as const) {
      const link = legal.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute('href', href);
    }
  });
});
