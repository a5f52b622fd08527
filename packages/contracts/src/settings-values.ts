/** The settings' bounds, shared by the schema, the database check and the admin form's counters. */
export const SETTINGS_LIMITS = {
  siteName: { min: 2, max: 60 },
  productName: { min: 1, max: 40 },
  story: 20_000,
  legal: 50_000,
} as const;

/** The social links the owner may set, in the order the header, footer and contact cards show them. */
export const SOCIAL_LINKS = [
  { key: 'twitter', label: 'Twitter' },
  { key: 'github', label: 'GitHub' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'youtube', label: 'YouTube' },
  { key: 'podcast', label: 'Podcast' },
] as const;
export type SocialLinkKey = (typeof SOCIAL_LINKS)[number]['key'];

/** The legal pages: the footer's labels are the spec's, each page has its own path and title. */
export const LEGAL_PAGES = [
  { key: 'privacy', label: 'Privacy Policy', path: '/privacy', title: 'Privacy Policy' },
  { key: 'terms', label: 'Terms of Service', path: '/terms', title: 'Terms of Service' },
  { key: 'cookies', label: 'Cookie Settings', path: '/cookies', title: 'Cookie Policy' },
] as const;
export type LegalPageKey = (typeof LEGAL_PAGES)[number]['key'];

/** The site's name before the owner picks one: what the header always said. */
export const defaultSiteName = (productName: string) => `Solo ${productName}`;

/**
 * The admin's first steps after the first login (docs/decisions/060-admin-onboarding-and-honest-dates.md),
 * in order: each is done by what the database holds, and leads to the tab and field where it is done.
 */
export const SETUP_STEPS = [
  { key: 'journeyStart', label: 'Set the day your journey started', tab: 'site', field: 'journeyStartDate' },
  { key: 'siteName', label: 'Name your site', tab: 'site', field: 'siteName' },
  { key: 'contact', label: 'Add a contact address or a link', tab: 'site', field: 'contactEmail' },
  { key: 'revenue', label: 'Log your first revenue, or import it', tab: 'revenue', field: null },
  {
    key: 'computedStats',
    label: 'Show your own figures on the stat cards',
    tab: 'site',
    field: 'computedStats',
  },
] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number]['key'];
