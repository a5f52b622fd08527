import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { PublicTable } from '@journey/db';
import type { PageInfo } from '../http/ssr-module';
import type { Meta } from './init';
import { appRouter } from './router';

/**
 * Every procedure of the app router by its dotted path (`revenue.update`): the flat map the router's
 * own type describes as nested routers. The REST adapter and the page cache read their `meta` here.
 */
export const procedures = (appRouter as AnyRouter)._def.procedures as Record<string, AnyProcedure>;

export const metaOf = (path: string): Meta | undefined => procedures[path]?._def.meta as Meta | undefined;

const sharedTables = new WeakMap<PageInfo, readonly PublicTable[] | null>();

/**
 * The public tables a page is built from when every anonymous visitor sees it alike, else null. Its
 * own queries (`reads`, dotted paths) must read something and only public reads (`meta.publicCache`);
 * the queries every page makes add their tables (`settings.site`; `auth.me` reads none, and is null
 * for every anonymous visitor, the only ones a shared page is for). Worked out once per page.
 */
export function sharedPageTables(page: PageInfo): readonly PublicTable[] | null {
  let tables = sharedTables.get(page);
  if (tables !== undefined) return tables;
  const own = page.reads.map((path) => metaOf(path)?.publicCache);
  const every = page.everyPageReads.map((path) => metaOf(path)?.publicCache ?? []);
  tables =
    own.length === 0 || own.includes(undefined)
      ? null
      : [...new Set([...own, ...every].flatMap((read) => read ?? []))];
  sharedTables.set(page, tables);
  return tables;
}
