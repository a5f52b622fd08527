import { createContext, useContext } from 'react';

export interface SiteInfo {
  /** The `{product}` of the spec (SITE_PRODUCT_NAME). */
  productName: string;
}

const SiteContext = createContext<SiteInfo>({ productName: 'Unicorn' });

export const SiteProvider = SiteContext.Provider;

export function useSite(): SiteInfo {
  return useContext(SiteContext);
}
