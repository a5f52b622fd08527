import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { codeSplitPage } from './pages';

const webRoot = path.resolve(import.meta.dirname, '../..');

describe('codeSplitPage', () => {
  it.each([paths.auth, paths.admin])('names the source file that %s loads', async (pathname) => {
    const page = codeSplitPage(pathname)!;
    expect(await page.load()).toBe(await import(path.join(webRoot, page.source)));
  });

  it('matches a milestone permalink whatever its id and slug, and nothing deeper', async () => {
    const page = codeSplitPage('/milestones/12-first-customer')!;
    expect(page.source).toBe('src/features/milestone-pages/milestone-page.tsx');
    expect(await page.load()).toBe(await import(path.join(webRoot, page.source)));
    expect(codeSplitPage('/milestones/7')).toBe(page);
    expect(codeSplitPage('/milestones')).toBeUndefined();
    expect(codeSplitPage('/milestones/7/og.png')).toBeUndefined();
  });

  it('has nothing for the landing page, which is part of the entry', () => {
    expect(codeSplitPage(paths.home)).toBeUndefined();
  });
});
