import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A signed cookie naming the account a browser signed in to (OWASP's "device cookie"): the browser
 * gets a login budget of its own, so an attacker spending the username's cannot lock the admin out.
 */
export const DEVICE_COOKIE = 'journey_device';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const normalize = (username: string) => username.trim().toLowerCase();

/** The device's key when this browser signed in as `username` before, else null. */
export function trustedDeviceKey(request: FastifyRequest, username: string): string | null {
  const raw = request.cookies?.[DEVICE_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const separator = value.lastIndexOf(':');
  const nonce = value.slice(separator + 1);
  return separator > 0 && nonce && value.slice(0, separator) === normalize(username) ? nonce : null;
}

export function trustDevice(request: FastifyRequest, reply: FastifyReply, username: string): void {
  reply.setCookie(DEVICE_COOKIE, `${normalize(username)}:${randomBytes(16).toString('base64url')}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    // Only the sign-in calls read it.
    path: '/api',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
