import { END_SESSION_PATH, NEWSLETTER_PATHS } from '@journey/contracts/constants';

/** Every route of the app in one place (docs/product.md#pages). */
export const paths = {
  home: '/',
  auth: '/auth',
  admin: '/admin',
  /** A milestone's permalink, `/milestones/:id-:slug` (one segment for the router; see milestonePath). */
  milestone: '/milestones/:ref',
  /** An experiment's page, `/lab/:slug` (docs/decisions/081-experiment-state.md). */
  lab: '/lab/:slug',
  /** The pages behind the links in newsletter mail (docs/decisions/040-newsletter-delivery.md). */
  newsletterConfirm: NEWSLETTER_PATHS.confirm,
  newsletterUnsubscribe: NEWSLETTER_PATHS.unsubscribe,
  /** Where a security notice's "end that session" link leads (docs/decisions/089-security-mail.md). */
  endSession: END_SESSION_PATH,
  /** The public ledger, checked in the visitor's browser (docs/decisions/079-ledger-of-every-write.md). */
  ledger: '/ledger',
  /** The timeline on the landing page. */
  timeline: '/#milestones',
} as const;
