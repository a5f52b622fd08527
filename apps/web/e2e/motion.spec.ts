import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { HEADLINE, PRODUCT, section } from './support';

const animation = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { name: style.animationName, duration: style.animationDuration, delay: style.animationDelay };
  });

test.describe('motion', () => {
  test('the hero enters in 0.8 s and the scroll hint fades in after 1 s', async ({ page }) => {
    await page.goto('/');
    const hero = section(page, HEADLINE);
    // The hero's content: the block around the headline, the subtext and the buttons.
    const content = hero.getByRole('heading', { level: 1 }).locator('..');
    await expect(content.getByRole('link', { name: 'View Tracker' })).toBeVisible();

    const entrance = await animation(content);
    expect(entrance.name).not.toBe('none');
    expect(entrance.duration).toBe('0.8s');

    const hint = hero.getByRole('link', { name: 'Scroll to explore', exact: true });
    const fade = await animation(hint);
    expect(fade.name).not.toBe('none');
    expect(fade.delay).toBe('1s');
    await expect(hint).toHaveCSS('opacity', '1');

    const fill = section(page, `${PRODUCT} Build Tracker`).getByRole('progressbar');
    const grow = await animation(fill);
    expect(grow.name, 'the progress bar fills').not.toBe('none');
    expect(grow.duration).toBe('1.5s');
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('nothing animates: no entrance, no fading hint, no filling bar, no smooth scrolling', async ({
      page,
    }) => {
      await page.goto('/');
      const hero = section(page, HEADLINE);
      const content = hero.getByRole('heading', { level: 1 }).locator('..');
      await expect(content.getByRole('link', { name: 'View Tracker' })).toBeVisible();

      expect((await animation(content)).name, 'hero entrance').toBe('none');
      await expect(content).toHaveCSS('opacity', '1');
      const hint = hero.getByRole('link', { name: 'Scroll to explore', exact: true });
      expect((await animation(hint)).name, 'scroll hint').toBe('none');
      await expect(hint).toHaveCSS('opacity', '1');
      const fill = section(page, `${PRODUCT} Build Tracker`).getByRole('progressbar');
      expect((await animation(fill)).name, 'progress bar').toBe('none');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
        'auto',
      );
      expect(
        await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
        'no running animation on the page',
      ).toBe(0);
    });
  });
});
