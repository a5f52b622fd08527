import type { WebauthnCeremony } from '@journey/contracts/constants';
import { and, asc, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from './client';
import { passkeys, userFactors, users, webauthnChallenges } from './schema';

/**
 * Passkeys and the WebAuthn challenges they answer (docs/decisions/087-passkeys.md). A challenge is
 * spent by deleting its row: of two requests answering one challenge at once, one gets it.
 */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;

/** The user's passkeys, oldest first, as the Account tab lists them. */
export function listPasskeys(db: Database, userId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** The passkey with this credential id, whoever's it is, or null. */
export async function findPasskey(db: Database, id: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
  return row ?? null;
}

export async function countPasskeys(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * The WebAuthn user handle the user's passkeys carry, or null before the first: one handle per
 * account, so an authenticator keeps one credential per account and site.
 */
export async function passkeyUserHandle(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ handle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row?.handle ?? null;
}

export async function addPasskey(db: Database, passkey: NewPasskey): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(passkey).returning();
  if (!row) throw new Error('The passkey was not stored.');
  return row;
}

/** Renames one of the user's passkeys; null when the user has none of that id. */
export async function renamePasskey(
  db: Database,
  userId: number,
  id: string,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Removes one of the user's passkeys. Refused while the user requires a second factor and it is the
 * last one: no confirmed TOTP and no other passkey. The user's row is locked, as removeTotp locks it,
 * so two removals at once cannot leave the requirement on without a factor.
 */
export async function removePasskey(
  db: Database,
  userId: number,
  id: string,
): Promise<{ result: 'removed'; passkey: PasskeyRow } | { result: 'none' | 'required' }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ required: users.requireSecondFactor })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [passkey] = await tx
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
    if (!passkey) return { result: 'none' };
    if (user?.required && (await countPasskeys(tx, userId)) === 1 && !(await hasConfirmedTotp(tx, userId)))
      return { result: 'required' };
    await tx.delete(passkeys).where(eq(passkeys.id, id));
    return { result: 'removed', passkey };
  });
}

async function hasConfirmedTotp(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userFactors.userId })
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)));
  return row !== undefined;
}

/** What a sign-in with the passkey reported: its new counter and backup state, and when. */
export async function notePasskeyUsed(
  db: Database,
  id: string,
  use: { counter: number; backedUp: boolean; deviceType: string; at: Date },
): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: use.counter, backedUp: use.backedUp, deviceType: use.deviceType, lastUsedAt: use.at })
    .where(eq(passkeys.id, id));
}

/** Stores a challenge handed out, and clears the expired ones of anybody: the table stays small. */
export async function saveWebauthnChallenge(
  db: Database,
  challenge: { id: string; ceremony: WebauthnCeremony; userId: number | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, challenge.now));
  await db.insert(webauthnChallenges).values({
    id: challenge.id,
    ceremony: challenge.ceremony,
    userId: challenge.userId,
    expiresAt: challenge.expiresAt,
    createdAt: challenge.now,
  });
}

/**
 * Spends a live challenge of the ceremony (and, for a registration, of the user): true for the one
 * request that deleted it. An expired, unknown or spent challenge is false.
 */
export async function consumeWebauthnChallenge(
  db: Database,
  challenge: { id: string; ceremony: WebauthnCeremony; userId?: number; now: Date },
): Promise<boolean> {
  const spent = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, challenge.id),
        eq(webauthnChallenges.ceremony, challenge.ceremony),
        gt(webauthnChallenges.expiresAt, challenge.now),
        ...(challenge.userId === undefined ? [] : [eq(webauthnChallenges.userId, challenge.userId)]),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return spent.length > 0;
}
