import { createContext, useContext } from 'react';

export interface SiteInfo {
  /** The `{product}` of the spec (SITE_PRODUCT_NAME). */
  productName: string;
  /**
   * The site's public origin (PUBLIC_URL, else the one the page was requested at), for absolute links
   * the admin copies elsewhere. Set by server rendering; absent in the client-only `pnpm dev`.
   */
  origin?: string;
}

const SiteContext = createContext<SiteInfo>({ productName: 'Unicorn' });

export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
