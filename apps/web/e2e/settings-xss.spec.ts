import type { Page } from '@playwright/test';
import { LEGAL_PAGES } from '@journey/contracts/constants';
import { XSS_PAYLOADS } from '@journey/testing/xss-payloads';
import { expect, test } from './admin-server';
import { getSettings, putSettings } from './records';

/*
 * The owner's Markdown is the one place where text written by a person becomes HTML. Every classic
 * payload, saved through the API into the story, every legal page and the names, must stay inert
 * where it is shown: the server's HTML, the hydrated page, the feeds and the Site tab's live preview.
 * A payload that ran would open a dialog (alert), log to the console or set `window.__xss`.
 */

const ALL = XSS_PAYLOADS.join('\n\n');
// The same payloads with a marker a script would set, should one run in any form.
const MARKED = ALL.replace(/alert\(1\)/g, 'window.__xss=1');
const NAME = `<img src=x onerror="window.__xss=1">'"&`;
const REACT_FORM_ACTION = ` action="javascript:throw new Error(&#x27;React form unexpectedly submitted.&#x27;)"`;

/** Fails the test on any dialog; the fixture already fails it on console errors. */
function forbidDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function expectInert(page: Page, where: string, dialogs: string[]) {
  await expect(page.locator('[data-markdown]').first()).toBeVisible();
  // Give anything that would load or fire a moment to do so.
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  expect(dialogs, `no dialog on ${where}`).toEqual([]);
  expect(
    await page.evaluate(() => (window as { __xss?: number }).__xss),
    `nothing ran on ${where}`,
  ).toBeUndefined();
  const unsafe = await page.evaluate(() =>
    // Everything the owner's Markdown became (the frame around it is the app's own).
    [...document.querySelectorAll('[data-markdown] *')]
      .filter(
        (element) =>
          ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'STYLE', 'FORM', 'BASE', 'META'].includes(
            element.tagName.toUpperCase(),
          ) ||
          [...element.attributes].some(
            (attribute) =>
              /^on/i.test(attribute.name) ||
              attribute.name === 'style' ||
              /^\s*(javascript|data|vbscript):/i.test(attribute.value),
          ),
      )
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(unsafe, `no element that runs or restyles on ${where}`).toEqual([]);
}

test.describe('the XSS payloads in the settings', () => {
  test.beforeEach(async ({ api }) => {
    const settings = await getSettings(api);
    await putSettings(api, {
      ...settings,
      siteName: NAME,
      productName: `<svg onload=x>`,
      story: MARKED,
      legal: { privacy: MARKED, terms: MARKED, cookies: MARKED },
    });
  });

  test('are inert in the server HTML, the hydrated pages and the feeds', async ({ page, request }) => {
    const dialogs = forbidDialogs(page);
    for (const path of ['/', ...LEGAL_PAGES.map((legal) => legal.path)]) {
      // React's own guard on a form whose action is a function (the newsletter's) is the one
      // javascript: URL the page may hold: it only throws, and never holds the owner's text.
      const html = (await (await request.get(path)).text()).replace(REACT_FORM_ACTION, '');
      expect(html, `${path} holds no executable markup`).not.toMatch(
        /<script>(alert|window\.__xss)|\son\w+="|(href|src|action|data)="\s*(javascript|data|vbscript):|<svg onload|<(math|iframe|object|embed|base)\b/i,
      );
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await expectInert(page, path, dialogs);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: NAME })).toBeVisible();
    // RSS titles are plain text with character references, Atom's escaped text (decision 057).
    const escapedName = {
      '/feed.xml': '&#x3C;img src=x onerror="window.__xss=1"&#x3E;',
      '/atom.xml': '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;',
    };
    for (const [feed, escaped] of Object.entries(escapedName)) {
      const xml = await (await request.get(feed)).text();
      expect(xml).not.toContain('<img');
      expect(xml).toContain(escaped);
    }
  });

  test("are inert in the Site tab's live preview", async ({ adminPage: page }) => {
    const dialogs = forbidDialogs(page);
    await page.goto('/admin?tab=site');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const preview = page.getByRole('region', { name: 'Preview of Story' });
    await expect(preview).toContainText('text inline');
    await expectInert(page, 'the preview', dialogs);

    // Typed into the editor, key by key, the payload renders as it goes and still runs nothing.
    const story = page.getByRole('textbox', { name: 'Story' });
    await story.fill('');
    await story.pressSequentially('<img src=x onerror="window.__xss=1"> [x](javascript:window.__xss=1)');
    await expect(preview.getByRole('link', { name: 'x' })).toHaveCount(0);
    await expectInert(page, 'the preview after typing', dialogs);
  });
});
