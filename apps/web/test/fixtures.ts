import type { User } from '@journey/contracts';

/** The admin as the server answers `auth.me`, a login and a registration. */
export const FOUNDER: User = {
  id: 1,
  username: 'founder',
  email: 'founder@example.com',
  createdAt: '2024-01-01T00:00:00.000Z',
};
