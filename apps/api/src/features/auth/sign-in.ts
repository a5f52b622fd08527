import type { SignInMethod } from '@journey/contracts/constants';
import type { UserRow } from '@journey/db';
import type { Context } from '../../trpc/context';
import { startSession } from './session';
import { trustDevice, trustedDeviceKey } from './trusted-device';

/**
 * The one way a sign-in becomes a session, whatever proved it (password, code, recovery code, passkey):
 * a fresh session, the browser's device cookie, and one `sign-in.succeeded` row in the audit trail that
 * says whether this browser had signed in to the account before (docs/decisions/088-audit-trail.md).
 */
export async function completeSignIn(
  ctx: Context,
  user: UserRow,
  method: SignInMethod,
  /** A registration's first session is the account's creation, which mails nobody. */
  action: 'sign-in.succeeded' | 'account.created' = 'sign-in.succeeded',
): Promise<void> {
  const newDevice = trustedDeviceKey(ctx.req, user.username) === null;
  await startSession(ctx.req, user.id);
  trustDevice(ctx.req, ctx.reply, user.username);
  await ctx.audit.record(ctx.req, {
    action,
    user,
    subject: `user:${user.username}`,
    detail: { method, newDevice, userAgent: ctx.req.headers['user-agent'] ?? null },
  });
}

/**
 * One `sign-in.failed` row: the username typed (the account's when it exists) and the step that failed.
 * Rows of unknown usernames are kept too: a spray of guesses is what the owner most needs to see.
 */
export async function recordFailedSignIn(
  ctx: Context,
  failure: { username: string; user?: UserRow | null; method: SignInMethod; reason: string },
): Promise<void> {
  await ctx.audit.record(ctx.req, {
    action: 'sign-in.failed',
    user: failure.user ?? null,
    actor: failure.user?.username ?? failure.username.slice(0, 100),
    subject: `user:${failure.user?.username ?? failure.username.slice(0, 100)}`,
    detail: { method: failure.method, reason: failure.reason },
  });
}
