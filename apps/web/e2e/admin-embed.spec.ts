import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PRODUCT } from './support';

// The admin's Embed tab: the badge preview in each theme and style, and the snippets it copies.

const ALT = `Solo ${PRODUCT} revenue toward $1B`;
/** Each style's fixed size (BADGE_SIZES in @journey/contracts), which the snippets state. */
const SIZES = { flat: { width: 236, height: 20 }, card: { width: 280, height: 96 } } as const;
const THEMES = [
  ['light', 'Light'],
  ['dark', 'Dark'],
] as const;
const STYLES = [
  ['flat', 'Flat'],
  ['card', 'Card'],
] as const;

type Style = keyof typeof SIZES;

/** The snippets as they must read for the site at `origin`, built independently of the app's code. */
function expectedSnippets(origin: string, theme: string, style: Style) {
  const image = `${origin}/badge.svg?theme=${theme}&style=${style}`;
  const { width, height } = SIZES[style];
  return {
    image,
    html: `<a href="${origin}/"><img src="${image.replace('&', '&amp;')}" alt="${ALT}" width="${width}" height="${height}"></a>`,
    markdown: `[![${ALT}](${image})](${origin}/)`,
  };
}

async function openEmbed(page: Page) {
  await page.goto('/admin?tab=embed');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('tab', { name: 'Embed', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const section = page.getByRole('region', { name: 'Progress badge', exact: true });
  await expect(section).toBeVisible();
  return {
    section,
    theme: section.getByRole('radiogroup', { name: 'Theme', exact: true }),
    style: section.getByRole('radiogroup', { name: 'Style', exact: true }),
    preview: section.getByRole('img', { name: ALT, exact: true }),
    html: section.getByRole('textbox', { name: 'HTML', exact: true }),
    markdown: section.getByRole('textbox', { name: 'Markdown', exact: true }),
    copyHtml: section.getByRole('button', { name: 'Copy HTML', exact: true }),
    copyMarkdown: section.getByRole('button', { name: 'Copy Markdown', exact: true }),
  };
}

/** The preview's decoded size: 0 × 0 if the badge failed to load. */
async function naturalSize(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** Presses Tab until `target` has the focus; fails if it is not reached within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

test.describe('admin: embed', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  });

  test('previews every theme and style, with snippets naming this site', async ({
    admin: { page },
    baseURL,
  }) => {
    const embed = await openEmbed(page);
    // The defaults.
    await expect(embed.theme.getByRole('radio', { name: 'Light', exact: true })).toBeChecked();
    await expect(embed.style.getByRole('radio', { name: 'Flat', exact: true })).toBeChecked();

    for (const [theme, themeLabel] of THEMES) {
      for (const [style, styleLabel] of STYLES) {
        await embed.theme.getByText(themeLabel, { exact: true }).click();
        await embed.style.getByText(styleLabel, { exact: true }).click();
        const expected = expectedSnippets(baseURL!, theme, style);

        await expect(embed.preview).toHaveAttribute('src', expected.image);
        // The badge's own size is the one the snippets state.
        expect(await naturalSize(embed.preview), `${theme} ${style} badge loads`).toEqual(SIZES[style]);
        await expect(embed.html).toHaveValue(expected.html);
        await expect(embed.markdown).toHaveValue(expected.markdown);
        await expect(embed.html).toHaveAttribute('readonly', '');
      }
    }
  });

  test('the server renders the snippets with the origin it knows', async ({ admin: { page }, baseURL }) => {
    const response = await page.request.get('/admin?tab=embed');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const expected = expectedSnippets(baseURL!, 'light', 'flat');
    // In the page as text: HTML-escaped once more inside the textarea.
    expect(html).toContain(
      expected.html
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;'),
    );
    expect(html).toContain(`"origin":"${baseURL}"`);
  });

  test('copies the exact snippet and says so', async ({ admin: { page }, baseURL }) => {
    const embed = await openEmbed(page);
    await embed.style.getByText('Card', { exact: true }).click();
    const expected = expectedSnippets(baseURL!, 'light', 'card');
    await expect(embed.html).toHaveValue(expected.html);

    await embed.copyHtml.click();
    const copied = embed.section.getByRole('button', { name: 'Copied', exact: true });
    await expect(copied).toBeVisible();
    await expect(embed.section.getByRole('status').filter({ hasText: 'HTML copied' })).toHaveText(
      'HTML copied to the clipboard',
    );
    expect(await clipboardText(page)).toBe(expected.html);
    // The feedback passes and the button is ready again.
    await expect(embed.copyHtml).toBeVisible();
    await expect(copied).toHaveCount(0);

    await embed.copyMarkdown.click();
    await expect(embed.section.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await clipboardText(page)).toBe(expected.markdown);
  });

  test('works from the keyboard and passes axe', async ({ admin: { page }, baseURL, axe }) => {
    const embed = await openEmbed(page);
    await page.getByRole('tab', { name: 'Embed', exact: true }).focus();

    // The theme group: Tab reaches it, an arrow key moves the choice.
    const light = embed.theme.getByRole('radio', { name: 'Light', exact: true });
    await tabTo(page, light);
    await page.keyboard.press('ArrowRight');
    await expect(embed.theme.getByRole('radio', { name: 'Dark', exact: true })).toBeChecked();
    const expected = expectedSnippets(baseURL!, 'dark', 'flat');
    await expect(embed.markdown).toHaveValue(expected.markdown);

    await tabTo(page, embed.copyMarkdown);
    await page.keyboard.press('Enter');
    await expect(embed.section.getByRole('button', { name: 'Copied', exact: true })).toBeFocused();
    expect(await clipboardText(page)).toBe(expected.markdown);

    await axe();
  });
});

test.describe('admin: embed widgets and shields.io', () => {
  test('offers the iframe snippet of each widget with a live preview, and the shields.io badge', async ({
    admin: { page },
    baseURL,
    axe,
  }) => {
    await page.goto('/admin?tab=embed');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const widgets = page.getByRole('region', { name: 'Widgets', exact: true });
    const snippet = widgets.getByRole('textbox', { name: 'Widget HTML', exact: true });
    await expect(snippet).toHaveValue(
      `<iframe src="${baseURL}/embed/progress?theme=light" title="Unicorn revenue toward $1B" width="320" height="120" style="border:0;max-width:100%" loading="lazy"></iframe>`.replace(
        'Unicorn',
        PRODUCT,
      ),
    );
    await expect(
      page.frameLocator('iframe[src$="/embed/progress?theme=light"]').getByRole('heading', {
        name: 'Revenue toward $1,000,000,000',
      }),
    ).toBeVisible();

    await widgets
      .getByRole('radiogroup', { name: 'Widget', exact: true })
      .getByText('Chart', { exact: true })
      .click();
    await widgets
      .getByRole('radiogroup', { name: 'Widget theme', exact: true })
      .getByText('Dark', { exact: true })
      .click();
    await widgets
      .getByRole('radiogroup', { name: 'Period', exact: true })
      .getByText('90 days', { exact: true })
      .click();
    const chartUrl = `${baseURL}/embed/chart?period=90d&amp;theme=dark`;
    await expect(snippet).toHaveValue(new RegExp(`^<iframe src="${chartUrl.replace(/[.?]/g, '\\$&')}" `));
    await expect(
      page.frameLocator('iframe[src$="/embed/chart?period=90d&theme=dark"]').getByRole('heading', {
        name: 'Revenue over the last 90 days',
      }),
    ).toBeVisible();

    const shields = page.getByRole('region', { name: 'shields.io badge', exact: true });
    await shields
      .getByRole('radiogroup', { name: 'Figure', exact: true })
      .getByText('MRR', { exact: true })
      .click();
    const endpoint = `${baseURL}/api/public/shields/mrr.json`;
    await expect(shields.getByRole('textbox', { name: 'Endpoint URL', exact: true })).toHaveValue(endpoint);
    await expect(shields.getByRole('textbox', { name: 'shields.io Markdown', exact: true })).toHaveValue(
      `[![MRR](https://img.shields.io/endpoint?url=${encodeURIComponent(endpoint)})](${baseURL}/)`,
    );
    // The endpoint the snippet names answers in shields.io's schema.
    const json = await (await page.request.get(endpoint)).json();
    expect(json).toMatchObject({ schemaVersion: 1, label: 'MRR', message: expect.any(String) });
    await axe();
  });
});
