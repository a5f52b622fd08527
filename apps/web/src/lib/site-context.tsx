import type { SiteInfo as PublicSiteInfo } from '@journey/contracts';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** The owner's settings every page shows (name, links), and where the site is served from. */
export interface SiteInfo extends PublicSiteInfo {
  /**
   * The site's public origin (PUBLIC_URL, else the one the page was requested at), for absolute links
   * the admin copies elsewhere. Set by server rendering; absent in the client-only `pnpm dev`.
   */
  origin?: string | undefined;
}

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

const SiteContext = createContext<SiteInfo>(LOADING_SITE);

/**
 * Provides the settings to the page: inside the app from their query (site-query.tsx, so a save shows
 * everywhere at once), on the landing page's first hydration from the server's answer.
 */
export function SiteProvider(props: {
  site: PublicSiteInfo | undefined;
  origin: string | undefined;
  children: ReactNode;
}) {
  const { site, origin } = props;
  const value = useMemo(() => ({ ...(site ?? LOADING_SITE), origin }), [site, origin]);
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>;
}

/** The site's settings (a query every page prefetches). */
export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
