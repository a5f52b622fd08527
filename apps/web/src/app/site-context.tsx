import type { SiteInfo as PublicSiteInfo } from '@journey/contracts';
import { createContext, useContext, useMemo } from 'react';
import { trpc } from '../lib/trpc';

/** The owner's settings every page shows (name, links), and where the site is served from. */
export interface SiteInfo extends PublicSiteInfo {
  /**
   * The site's public origin (PUBLIC_URL, else the one the page was requested at), for absolute links
   * the admin copies elsewhere. Set by server rendering; absent in the client-only `pnpm dev`.
   */
  origin?: string | undefined;
}

const OriginContext = createContext<string | undefined>(undefined);

export const OriginProvider = OriginContext.Provider;

const devProductName = import.meta.env.VITE_SITE_PRODUCT_NAME ?? 'Unicorn';

/**
 * Shown only while the settings load: the server renders every page with them already answered, so
 * only the client-rendered `pnpm dev` ever shows it, for a moment.
 */
const LOADING_SITE: PublicSiteInfo = {
  siteName: `Solo ${devProductName}`,
  productName: devProductName,
  contactEmail: '',
  links: { twitter: '', github: '', linkedin: '', youtube: '', podcast: '' },
  journeyStartDate: '',
  computedStats: false,
};

/** The site's settings (a query every page prefetches, so a save shows everywhere at once). */
export function useSite(): SiteInfo {
  const origin = useContext(OriginContext);
  const { data } = trpc.settings.site.useQuery();
  return useMemo(() => ({ ...(data ?? LOADING_SITE), origin }), [data, origin]);
}
