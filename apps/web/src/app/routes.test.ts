import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { readsOf } from './page-reads';
import { everyPageQueries, matchPage, pageRoutes } from './routes';

const webRoot = path.resolve(import.meta.dirname, '../..');
const codeSplitPage = (pathname: string) => matchPage(pathname).route.codeSplit;

describe('the page table', () => {
  it.each([paths.auth, paths.admin])('names the source file that %s loads', async (pathname) => {
    const page = codeSplitPage(pathname)!;
    expect(await page.load()).toBe(await import(path.join(webRoot, page.source)));
  });

  it('matches a milestone permalink whatever its slug, and nothing deeper', async () => {
    const { route, params } = matchPage('/milestones/12-first-customer');
    expect(route.path).toBe(paths.milestone);
    expect(params).toEqual({ id: 12 });
    const page = route.codeSplit!;
    expect(page.source).toBe('src/features/milestone-pages/milestone-page.tsx');
    expect(await page.load()).toBe(await import(path.join(webRoot, page.source)));
    expect(matchPage('/milestones/7').route).toBe(route);
    for (const pathname of ['/milestones', '/milestones/7/og.png', '/milestones/abc', '/milestones/0-x'])
      expect(matchPage(pathname).route.path, pathname).toBe('*');
  });

  it('matches an issue of the newsletter archive by its slug, never the pages beside it', () => {
    // docs/decisions/095-newsletter-archive.md
    const issue = matchPage('/newsletter/week-12-first-sale');
    expect(issue.route.path).toBe('/newsletter/:slug');
    expect(issue.params).toEqual({ slug: 'week-12-first-sale' });
    expect(matchPage('/newsletter/archive').route.path).toBe('/newsletter/archive');
    expect(matchPage(paths.newsletterConfirm).route.path).toBe(paths.newsletterConfirm);
    expect(matchPage(paths.newsletterUnsubscribe).route.path).toBe(paths.newsletterUnsubscribe);
    for (const pathname of ['/newsletter/Bad_Slug', '/newsletter/a--b', '/newsletter/x/og.png'])
      expect(matchPage(pathname).route.path, pathname).toBe('*');
    const reads = (path: string) => readsOf((trpc) => matchPage(path).route.queries?.(trpc, { slug: 'x' }));
    expect(reads('/newsletter/archive')).toEqual(['newsletterArchive.list']);
    expect(reads('/newsletter/x')).toEqual(['newsletterArchive.bySlug']);
  });

  it('has nothing to load for the landing page, which is part of the entry', () => {
    expect(matchPage(paths.home).route.path).toBe(paths.home);
    expect(codeSplitPage(paths.home)).toBeUndefined();
  });

  it('ends with the not-found page, which answers any other path', () => {
    expect(pageRoutes.at(-1)!.path).toBe('*');
    expect(matchPage('/no/such/page').route).toBe(pageRoutes.at(-1));
  });

  it('names the procedures each page reads, and guards the admin pages both ways', () => {
    const reads = (path: string) => readsOf((trpc) => matchPage(path).route.queries?.(trpc, {}));
    expect(readsOf(everyPageQueries)).toEqual(['auth.me', 'settings.site']);
    expect(reads('/milestones/1-first')).toEqual(['milestones.byId']);
    expect(reads('/privacy')).toEqual(['settings.legal']);
    expect(reads(paths.newsletterConfirm)).toEqual([]);
    expect(matchPage(paths.admin).route.guard).toEqual({ visitors: 'signed-in', redirect: paths.auth });
    expect(matchPage(paths.auth).route.guard).toEqual({ visitors: 'signed-out', redirect: paths.admin });
  });
});
