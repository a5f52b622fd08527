import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { PublicTable } from '@journey/db';
import type { Meta } from './init';
import { appRouter } from './router';

/**
 * Every procedure of the app router by its dotted path (`revenue.update`): the flat map the router's
 * own type describes as nested routers. The REST adapter and the page cache read their `meta` here.
 */
export const procedures = (appRouter as AnyRouter)._def.procedures as Record<string, AnyProcedure>;

export const metaOf = (path: string): Meta | undefined => procedures[path]?._def.meta as Meta | undefined;

/**
 * The public tables a page is built from when every anonymous visitor sees it alike, else null. Its
 * own queries (`reads`, dotted paths) must read something and only public reads (`meta.publicCache`);
 * the queries every page makes add their tables (`settings.site`; `auth.me` reads none, and is null
 * for every anonymous visitor, the only ones a shared page is for).
 */
export function sharedPageTables(
  reads: readonly string[],
  everyPageReads: readonly string[],
): readonly PublicTable[] | null {
  const own = reads.map((path) => metaOf(path)?.publicCache);
  if (own.length === 0 || own.includes(undefined)) return null;
  const every = everyPageReads.map((path) => metaOf(path)?.publicCache ?? []);
  return [...new Set([...own, ...every].flatMap((tables) => tables ?? []))];
}
