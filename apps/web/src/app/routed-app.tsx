import type { ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { PageData } from '../components/page-data';
import { App } from './app';
import { matchPage } from './routes';
import { SiteFromQuery } from './site-query';

/**
 * Every page but the landing page's first load (root.tsx): the router over the page table, the query
 * cache and tRPC client, and the settings from their query, so a save in the admin panel shows on
 * every page at once. On the server at `location`, in the browser at its address.
 */
export function RoutedApp(props: { location?: string | undefined; origin: string | undefined }) {
  const router = (children: ReactNode) =>
    props.location === undefined ? (
      <BrowserRouter>{children}</BrowserRouter>
    ) : (
      <StaticRouter location={props.location}>{children}</StaticRouter>
    );
  return (
    <PageData>
      <SiteFromQuery origin={props.origin}>{router(<App />)}</SiteFromQuery>
    </PageData>
  );
}

/**
 * Fetches the code-split page at `pathname` before hydrating it: the page then hydrates in one pass,
 * rather than staying inert (its Suspense boundary dehydrated) while its chunk loads.
 */
export async function loadPageAt(pathname: string): Promise<void> {
  await matchPage(pathname).route.codeSplit?.load();
}
