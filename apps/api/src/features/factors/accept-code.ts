import { acceptTotpStep, findTotp, spendRecoveryCode } from '@journey/db';
import type { Context } from '../../trpc/context';
import { SealedValueError } from '../connections/secret-box';
import { hashRecoveryCode, isRecoveryCodeShaped, normalizeCode } from './recovery-codes';
import { isTotpShaped, totpStepOf } from './totp';

/**
 * Which kind of right second factor `typed` is for the user, spending it if so, or null
 * (docs/decisions/086-one-time-codes.md): a code from the app is accepted once in its window, a
 * recovery code once ever. Anything else is a wrong code, whatever its shape.
 */
export async function acceptSecondFactor(
  ctx: Context,
  userId: number,
  typed: string,
): Promise<'totp' | 'recovery' | null> {
  const code = normalizeCode(typed);
  if (isTotpShaped(code)) return (await acceptTotp(ctx, userId, code)) ? 'totp' : null;
  if (isRecoveryCodeShaped(code))
    return (await spendRecoveryCode(ctx.database.db, userId, hashRecoveryCode(code), ctx.now()))
      ? 'recovery'
      : null;
  return null;
}

async function acceptTotp(ctx: Context, userId: number, code: string): Promise<boolean> {
  const totp = await findTotp(ctx.database.db, userId);
  if (!totp?.confirmedAt) return false;
  const { box } = ctx.connections;
  let secret: string;
  try {
    secret = box.open(totp.secretSealed);
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    // Sealed under a server secret this server lacks (a restore elsewhere): the recovery codes still work.
    ctx.req.log.warn({ userId }, 'the TOTP secret does not open with the configured secrets');
    return false;
  }
  const step = await totpStepOf(secret, code, { now: ctx.now(), lastUsedStep: totp.lastUsedStep });
  if (step === null) return false;
  // A secret sealed under a previous server secret is sealed again under the current one as it is used.
  const resealed = box.needsReseal(totp.secretSealed) ? box.seal(secret) : undefined;
  return acceptTotpStep(ctx.database.db, userId, step, resealed);
}
