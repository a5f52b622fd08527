import { headTags, notFoundTitle, type PageMeta } from '../lib/head';
import type { PageRoute } from './page-route';
import { matchPage } from './routes';
import type { SiteInfo } from '../lib/site-context';

/** The document title a page's table entry gives it, on the server and after client navigation alike. */
export function routeTitle(route: PageRoute, site: SiteInfo): string | null {
  return 'title' in route.head ? route.head.title(site) : null;
}

/**
 * The <head> tags of the page rendered at `pathname`, from its entry in the table: a 404 gets the
 * not-found head whatever the path, and a page with its own content (`meta`) is indexable.
 */
export function headFor(page: {
  pathname: string;
  origin: string;
  site: SiteInfo;
  status: number;
  meta?: PageMeta | null | undefined;
}): string {
  const { route } = matchPage(page.pathname);
  const found = page.status === 200;
  const title = (found && routeTitle(route, page.site)) || notFoundTitle(page.site);
  const indexable =
    found && (page.meta != null || ('indexable' in route.head && route.head.indexable === true));
  return headTags({ ...page, title, indexable, meta: found ? page.meta : null });
}
