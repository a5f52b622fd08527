/** Every route of the app in one place (SPEC.md section 2). */
export const paths = {
  home: '/',
  auth: '/auth',
  admin: '/admin',
} as const;
