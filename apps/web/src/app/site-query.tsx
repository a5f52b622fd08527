import type { ReactNode } from 'react';
import { trpc } from '../lib/trpc';
import { SiteProvider } from '../lib/site-context';

/** The site's settings from their query: a save in the admin panel shows on every page at once. */
export function SiteFromQuery(props: { origin: string | undefined; children: ReactNode }) {
  const { data } = trpc.settings.site.useQuery();
  return (
    <SiteProvider site={data} origin={props.origin}>
      {props.children}
    </SiteProvider>
  );
}
