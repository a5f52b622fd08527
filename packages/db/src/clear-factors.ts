import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { passkeys, recoveryCodes, userFactors, users, webauthnChallenges } from './schema';

/** What `clearSecondFactors` removed, for the command's output and the audit row. */
export interface ClearedFactors {
  totp: number;
  recoveryCodes: number;
  passkeys: number;
  wasRequired: boolean;
}

/**
 * Every second factor of a user, gone: the TOTP (pending or confirmed), its recovery codes, the
 * passkeys and their pending challenges, and the requirement of one. Only `pnpm admin:reset-password
 * --clear-factors` calls it (docs/decisions/088-audit-trail.md): an owner locked out of every factor.
 */
export async function clearSecondFactors(db: Database, userId: number): Promise<ClearedFactors> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ required: users.requireSecondFactor })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const totp = await tx
      .delete(userFactors)
      .where(eq(userFactors.userId, userId))
      .returning({ userId: userFactors.userId });
    const codes = await tx
      .delete(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId))
      .returning({ userId: recoveryCodes.userId });
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    await tx.update(users).set({ requireSecondFactor: false }).where(eq(users.id, userId));
    return {
      totp: totp.length,
      recoveryCodes: codes.length,
      passkeys: keys.length,
      wasRequired: user?.required ?? false,
    };
  });
}
