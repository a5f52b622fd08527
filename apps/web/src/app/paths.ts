/** Every route of the app in one place (docs/product.md#pages). */
export const paths = {
  home: '/',
  auth: '/auth',
  admin: '/admin',
  /** A milestone's permalink, `/milestones/:id-:slug` (one segment for the router; see milestonePath). */
  milestone: '/milestones/:ref',
  /** The timeline on the landing page. */
  timeline: '/#milestones',
} as const;
