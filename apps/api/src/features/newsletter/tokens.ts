import { createHash, randomBytes } from 'node:crypto';

/** A link's token: 256 random bits. Only its hash is stored, as for sessions. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
