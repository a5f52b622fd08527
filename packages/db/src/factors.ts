import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { countPasskeys } from './passkeys';
import { recoveryCodes, userFactors, users } from './schema';

/**
 * A user's second factors (docs/decisions/086-one-time-codes.md). Every write that a code or the
 * requirement guards is one conditional statement or one transaction holding the user's row, so two
 * requests at once can neither accept one code twice nor leave the requirement on without a factor.
 */

export interface TotpFactor {
  secretSealed: string;
  /** Null while pending: enrolled, not yet confirmed by a code. */
  confirmedAt: Date | null;
  lastUsedStep: number | null;
}

export interface SecondFactorState {
  totp: TotpFactor | null;
  recoveryCodesLeft: number;
  /** How many passkeys the user has (docs/decisions/087-passkeys.md). */
  passkeys: number;
  required: boolean;
}

const totpOf = (userId: number) => and(eq(userFactors.userId, userId), eq(userFactors.kind, 'totp'));

/** Accepting a code of `step` needs a step later than the last one accepted: each code works once. */
const stepIsNew = (step: number) => or(isNull(userFactors.lastUsedStep), lt(userFactors.lastUsedStep, step));

/** The user's TOTP, pending or confirmed, or null. */
export async function findTotp(db: Database, userId: number): Promise<TotpFactor | null> {
  const [totp] = await db
    .select({
      secretSealed: userFactors.secretSealed,
      confirmedAt: userFactors.confirmedAt,
      lastUsedStep: userFactors.lastUsedStep,
    })
    .from(userFactors)
    .where(totpOf(userId));
  return totp ?? null;
}

export async function readSecondFactors(db: Database, userId: number): Promise<SecondFactorState> {
  const totp = await findTotp(db, userId);
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const [user] = await db
    .select({ required: users.requireSecondFactor })
    .from(users)
    .where(eq(users.id, userId));
  return {
    totp,
    recoveryCodesLeft: codes?.left ?? 0,
    passkeys: await countPasskeys(db, userId),
    required: user?.required ?? false,
  };
}

/**
 * Stores a new secret as the user's pending TOTP, replacing a pending one. False, and nothing changed,
 * when a confirmed TOTP is there: it is turned off first.
 */
export async function savePendingTotp(db: Database, userId: number, secretSealed: string): Promise<boolean> {
  const saved = await db
    .insert(userFactors)
    .values({ userId, kind: 'totp', secretSealed })
    .onConflictDoUpdate({
      target: [userFactors.userId, userFactors.kind],
      set: { secretSealed, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(userFactors.confirmedAt),
    })
    .returning({ userId: userFactors.userId });
  return saved.length > 0;
}

/**
 * Confirms the pending TOTP with the step of the code that proved it, and replaces the recovery codes
 * with `codeHashes`, together. False when there was no pending TOTP (or that step was used already).
 */
export async function confirmTotp(
  db: Database,
  userId: number,
  confirmation: { step: number; codeHashes: readonly string[]; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(userFactors)
      .set({ confirmedAt: confirmation.at, lastUsedStep: confirmation.step })
      .where(and(totpOf(userId), isNull(userFactors.confirmedAt), stepIsNew(confirmation.step)))
      .returning({ userId: userFactors.userId });
    if (confirmed.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(confirmation.codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: confirmation.at })));
    return true;
  });
}

/**
 * Records that a code of `step` signed the user in; false when a code of that step (or a later one)
 * already did, which is a replay. `resealed` replaces the stored secret (sealed under a previous
 * server secret) in the same write.
 */
export async function acceptTotpStep(
  db: Database,
  userId: number,
  step: number,
  resealed?: string,
): Promise<boolean> {
  const accepted = await db
    .update(userFactors)
    .set({ lastUsedStep: step, ...(resealed ? { secretSealed: resealed } : {}) })
    .where(and(totpOf(userId), isNotNull(userFactors.confirmedAt), stepIsNew(step)))
    .returning({ userId: userFactors.userId });
  return accepted.length > 0;
}

/** Spends one unused recovery code of the user; false when none has that hash. */
export async function spendRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return spent.length > 0;
}

/** Locks the user's row for the transaction: the requirement and the factors change one at a time. */
async function lockUser(tx: Database, userId: number): Promise<boolean> {
  const [user] = await tx
    .select({ required: users.requireSecondFactor })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user?.required ?? false;
}

/**
 * Removes the user's TOTP, pending or confirmed, with its recovery codes. Refused while the user
 * requires a second factor and has no passkey left to be it.
 */
export async function removeTotp(db: Database, userId: number): Promise<'removed' | 'none' | 'required'> {
  return db.transaction(async (tx) => {
    if ((await lockUser(tx, userId)) && (await countPasskeys(tx, userId)) === 0) return 'required';
    const removed = await tx
      .delete(userFactors)
      .where(totpOf(userId))
      .returning({ userId: userFactors.userId });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed.length > 0 ? 'removed' : 'none';
  });
}

/** Turns the requirement on or off; on needs a confirmed TOTP or a passkey, else nothing changes. */
export async function setSecondFactorRequired(
  db: Database,
  userId: number,
  required: boolean,
): Promise<'saved' | 'no-factor'> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (required) {
      const [confirmed] = await tx
        .select({ userId: userFactors.userId })
        .from(userFactors)
        .where(and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)));
      if (!confirmed && (await countPasskeys(tx, userId)) === 0) return 'no-factor';
    }
    await tx.update(users).set({ requireSecondFactor: required }).where(eq(users.id, userId));
    return 'saved';
  });
}
