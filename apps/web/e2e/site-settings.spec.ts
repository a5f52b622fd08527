import type { Page } from '@playwright/test';
import { LEGAL_PAGES } from '@journey/contracts/constants';
import { expect, test } from './admin-server';
import { createMilestone, getSettings, putSettings, type Settings } from './records';
import { expectScrolledTo, section } from './support';

/*
 * What a visitor reads comes from the owner's settings (the Site tab): a save shows on every page at
 * once, in the server's HTML and after hydration. Each test starts from a new database's settings.
 */

const OWNER = {
  siteName: 'Ada & <Co> "Labs"',
  productName: 'Rocket',
  contactEmail: 'ada@example.com',
  links: {
    twitter: 'https://x.com/ada',
    github: 'https://github.com/ada',
    linkedin: '',
    youtube: '',
    podcast: '',
  },
  story: [
    '> Build the thing you would pay for.',
    '>',
    '> — written on a train',
    '',
    'It began with **one** invoice, paid by a stranger. Read [the first post](https://example.com/first).',
    '',
    '## What came next',
    '',
    '- a second product',
    '- a third',
  ].join('\n'),
};

async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

const withOwner = (settings: Settings): Settings => ({
  ...settings,
  ...OWNER,
  links: { ...settings.links, ...OWNER.links },
});

test.describe('the public site from the settings', () => {
  test('a save changes the landing page at once: server HTML, hydrated page, titles and feeds', async ({
    page,
    api,
    request,
  }) => {
    await putSettings(api, withOwner(await getSettings(api)));

    const html = await (await request.get('/')).text();
    expect(html).toContain('<title>Rocket Build Tracker · Ada &amp; &lt;Co&gt; &quot;Labs&quot;</title>');
    expect(html).toContain('It began with <strong>one</strong> invoice, paid by a stranger.');
    expect(html).not.toContain('href="#"');

    await gotoHydrated(page, '/');
    await expect(page).toHaveTitle(`Rocket Build Tracker · ${OWNER.siteName}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: OWNER.siteName, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This is the moment I decided to become the first solo AI-powered Rocket.',
    );

    const story = section(page, 'The Spark');
    await expect(story.locator('blockquote')).toContainText('Build the thing you would pay for.');
    await expect(story.getByRole('heading', { name: 'What came next', level: 2 })).toBeVisible();
    await expect(story.getByRole('listitem')).toHaveText(['a second product', 'a third']);
    await expect(story.getByRole('link', { name: 'the first post' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );

    // Only the links that are set, each with its address; nothing points at "#".
    const social = page.getByRole('contentinfo').getByRole('list', { name: 'Social media' });
    await expect(social.getByRole('link')).toHaveCount(2);
    await expect(social.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', OWNER.links.twitter);
    await expect(social.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', OWNER.links.github);
    const contact = section(page, 'Join The Journey');
    await expect(contact.getByRole('link', { name: 'Write to me' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    await expect(contact.getByRole('link', { name: 'Follow along' })).toHaveAttribute(
      'href',
      OWNER.links.twitter,
    );
    await expect(contact.getByRole('link', { name: 'Listen in' })).toHaveCount(0);
    await expect(page.locator('a[href="#"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText(`${OWNER.siteName}. Built in public.`);

    // A milestone page and the feeds name the site as it is now.
    const milestone = await createMilestone(api, {
      title: 'First paying customer',
      description: 'A stranger paid for the first product.',
      date: '2024-03-01',
      day: 12,
      isRevenue: 0,
    });
    await gotoHydrated(page, `/milestones/${milestone.id}`);
    await expect(page).toHaveTitle(`First paying customer · ${OWNER.siteName}`);
    const feed = await (await request.get('/feed.xml')).text();
    // An RSS title is plain text, & < > written as character references (decision 057).
    expect(feed).toContain('Ada &#x26; &#x3C;Co&#x3E; "Labs"');
    const atom = await (await request.get('/atom.xml')).text();
    expect(atom).toContain('Ada &amp; &lt;Co&gt; &quot;Labs&quot;');
  });

  test('with no link set there is no social list, no contact card and no "#" link; Get Started goes to the contact section', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('a[href="#"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('list', { name: 'Social media' })).toHaveCount(0);
    const contact = section(page, 'Join The Journey');
    await expect(contact.getByRole('heading', { name: 'Connect Directly' })).toHaveCount(0);
    await expect(contact.getByRole('textbox', { name: 'Email address' })).toBeVisible();

    await section(page, 'AI Arena').getByRole('link', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expectScrolledTo(page, contact);
  });
});

test.describe('the legal pages', () => {
  test('the footer links reach each page by keyboard; each has its title and the template text', async ({
    page,
    axe,
  }) => {
    for (const legal of LEGAL_PAGES) {
      await gotoHydrated(page, '/');
      const link = page
        .getByRole('contentinfo')
        .getByRole('navigation', { name: 'Legal' })
        .getByRole('link', { name: legal.label, exact: true });
      await link.focus();
      await expect(link).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      await expect(page).toHaveTitle(`${legal.title} · Solo Unicorn`);
      await expect(page.getByRole('main')).toContainText('template');
      await axe();
    }
  });

  test("each page answers 200 with the owner's text after a save, in the server's HTML", async ({
    page,
    api,
    request,
  }) => {
    const settings = await getSettings(api);
    await putSettings(api, {
      ...settings,
      legal: {
        privacy: '## Who we are\n\nThe privacy text of **Ada**.',
        terms: 'The terms of Ada.',
        cookies: 'No cookies for visitors.',
      },
    });
    for (const [path, text] of [
      ['/privacy', 'The privacy text of <strong>Ada</strong>.'],
      ['/terms', 'The terms of Ada.'],
      ['/cookies', 'No cookies for visitors.'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(text);
    }
    await gotoHydrated(page, '/privacy');
    await expect(page.getByRole('heading', { name: 'Who we are', level: 2 })).toBeVisible();
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const legal of LEGAL_PAGES) expect(sitemap).toContain(`${legal.path}</loc>`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`a legal page is axe-clean in the ${scheme} scheme`, async ({ page, axe }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await gotoHydrated(page, '/privacy');
      await axe();
    });
  }

  test("the newsletter's consent points to the privacy policy", async ({ page }) => {
    await gotoHydrated(page, '/');
    const form = section(page, 'Join The Journey');
    await form.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });
});
