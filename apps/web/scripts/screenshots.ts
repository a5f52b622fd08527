/**
 * Screenshots of the public pages at a desktop and a phone size, against a server that is
 * already running (this script starts nothing):
 *
 *   BASE_URL=http://127.0.0.1:5000 OUT_DIR=/tmp/journey-shots pnpm --filter @journey/web exec tsx scripts/screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { assertChromium, chromiumArgs, chromiumPath } from '@journey/testing';
import { chromium } from '@playwright/test';

const baseURL = process.env.BASE_URL || 'http://127.0.0.1:5000';
const outDir = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.env.OUT_DIR || '/tmp/journey-shots',
);

const pages = [
  { name: 'landing', path: '/' },
  { name: 'auth', path: '/auth' },
  { name: 'not-found', path: '/does-not-exist' },
];
const sizes = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true },
];

assertChromium();
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  for (const size of sizes) {
    const context = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
    });
    const page = await context.newPage();
    for (const target of pages) {
      const response = await page.goto(new URL(target.path, baseURL).href, { waitUntil: 'networkidle' });
      const file = path.join(outDir, `${target.name}-${size.name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${response?.status() ?? '???'} ${target.path} -> ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
