import { defaultSettings, type SiteInfo } from '@journey/contracts';

/** The settings every page shows, as a new install has them for `productName`. */
export function testSite(productName = 'Unicorn', overrides: Partial<SiteInfo> = {}): SiteInfo {
  const { siteName, contactEmail, links, journeyStartDate, computedStats } = defaultSettings({
    productName,
    today: '2024-01-01',
  });
  return { siteName, productName, contactEmail, links, journeyStartDate, computedStats, ...overrides };
}
