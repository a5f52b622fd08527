import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from './client';
import { loginChallenges } from './schema';
import { hashSessionToken } from './session-store';

/**
 * Sign-ins between a right password and their second factor (docs/decisions/086-one-time-codes.md).
 * As with sessions, only the SHA-256 of the browser's token is stored.
 */

/** Starts a challenge for the user, and clears the expired ones of anybody: the table stays small. */
export async function createLoginChallenge(
  db: Database,
  challenge: { token: string; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, challenge.now));
  await db.insert(loginChallenges).values({
    id: hashSessionToken(challenge.token),
    userId: challenge.userId,
    expiresAt: challenge.expiresAt,
    createdAt: challenge.now,
  });
}

/** The user a live challenge is for, or null when the token names none or it has expired. */
export async function findLoginChallenge(db: Database, token: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.id, hashSessionToken(token)), gt(loginChallenges.expiresAt, now)));
  return row?.userId ?? null;
}

/** Ends a challenge; true for the one request that ended it while it was live (it is single use). */
export async function endLoginChallenge(db: Database, token: string, now: Date): Promise<boolean> {
  const ended = await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.id, hashSessionToken(token)), gt(loginChallenges.expiresAt, now)))
    .returning({ userId: loginChallenges.userId });
  return ended.length > 0;
}
