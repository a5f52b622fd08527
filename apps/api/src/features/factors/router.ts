import {
  recoveryCodesSchema,
  requireSecondFactorInput,
  secondFactorsSchema,
  totpConfirmInput,
  totpEnrollmentSchema,
  type SecondFactors,
} from '@journey/contracts';
import {
  confirmTotp,
  endOtherUserSessions,
  findTotp,
  readSecondFactors,
  removeTotp,
  savePendingTotp,
  setSecondFactorRequired,
} from '@journey/db';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../../trpc/context';
import { fieldError } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { fieldOf } from '../audit/audit-meta';
import { passkeysRouter } from '../passkeys/router';
import { readSettings } from '../settings/read';
import { newRecoveryCodes } from './recovery-codes';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

const tags = ['factors'];

const TOTP_IS_ON = 'Two-factor authentication is already on. Turn it off first to set it up again.';
const NOTHING_PENDING = 'Start setting up two-factor authentication first.';
const WRONG_CODE = 'That code is not right. Check the time on your device and try the newest code.';
const NOT_SET_UP = 'Two-factor authentication is not set up.';
const STILL_REQUIRED =
  'A second factor is required for every sign-in: turn that off before removing the last factor.';
const NO_FACTOR =
  'Turn on two-factor authentication or add a passkey before requiring a second factor for every sign-in.';

async function factorsOf(ctx: Context, userId: number): Promise<SecondFactors> {
  const state = await readSecondFactors(ctx.database.db, userId);
  const confirmedAt = state.totp?.confirmedAt ?? null;
  return {
    totp: {
      status: !state.totp ? 'off' : confirmedAt ? 'on' : 'pending',
      confirmedAt: confirmedAt?.toISOString() ?? null,
    },
    recoveryCodesLeft: state.recoveryCodesLeft,
    methods: [
      ...(confirmedAt ? (['totp'] as const) : []),
      ...(state.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
      ...(state.passkeys > 0 ? (['passkey'] as const) : []),
    ],
    required: state.required,
  };
}

/**
 * A factor turned on or off ends the account's other sessions, as a password change does
 * (docs/decisions/085-owner-sessions.md): those signed in under the old rule sign in again.
 */
async function endOtherSessions(ctx: Context, userId: number): Promise<void> {
  await endOtherUserSessions(ctx.database.db, userId, ctx.req.session.sessionId);
}

/**
 * The signed-in owner's second factors (docs/decisions/086-one-time-codes.md): a TOTP enrolled with
 * a QR code and confirmed by a code, its ten recovery codes, and the requirement that every sign-in
 * ask for one.
 */
export const factorsRouter = router({
  status: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/factors', tags, summary: 'Your second factors' } })
    .input(z.void())
    .output(secondFactorsSchema)
    .query(({ ctx }) => factorsOf(ctx, ctx.user.id)),

  /** A new secret, pending until confirmed; it replaces a pending one, never a confirmed one. */
  enrollTotp: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/factors/totp',
        tags,
        summary: 'Start setting up one-time codes: the secret and its otpauth:// URL for the QR code',
      },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
      // Nothing of the answer: it is the secret.
      audit: { action: 'factor.totp-setup-started' },
    })
    .input(z.void())
    .output(totpEnrollmentSchema)
    .mutation(async ({ ctx }) => {
      const secret = newTotpSecret();
      if (!(await savePendingTotp(ctx.database.db, ctx.user.id, ctx.connections.box.seal(secret))))
        throw new TRPCError({ code: 'CONFLICT', message: TOTP_IS_ON });
      const { siteName } = await readSettings(ctx);
      return { secret, otpauthUrl: totpUri(secret, siteName, ctx.user.username) };
    }),

  /**
   * A code from the app proves the secret was scanned; the recovery codes are shown this once, and the
   * account's other sessions end.
   */
  confirmTotp: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/factors/totp/confirm',
        tags,
        summary:
          'Turn one-time codes on with a code from the app (signs out every other session); answers the ten recovery codes, once',
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'factor.totp-enrolled' },
    })
    .input(totpConfirmInput)
    .output(recoveryCodesSchema)
    .mutation(async ({ ctx, input }) => {
      const totp = await findTotp(ctx.database.db, ctx.user.id);
      if (!totp || totp.confirmedAt) throw new TRPCError({ code: 'CONFLICT', message: NOTHING_PENDING });
      const step = await totpStepOf(ctx.connections.box.open(totp.secretSealed), input.code, {
        now: ctx.now(),
        lastUsedStep: totp.lastUsedStep,
      });
      if (step === null) throw fieldError('BAD_REQUEST', 'code', WRONG_CODE);
      const { codes, hashes } = newRecoveryCodes();
      const confirmed = await confirmTotp(ctx.database.db, ctx.user.id, {
        step,
        codeHashes: hashes,
        at: ctx.now(),
      });
      // Another request confirmed it, or turned it off, in between.
      if (!confirmed) throw new TRPCError({ code: 'CONFLICT', message: NOTHING_PENDING });
      await endOtherSessions(ctx, ctx.user.id);
      return { recoveryCodes: codes };
    }),

  /**
   * Turns one-time codes off, with the recovery codes, and ends the account's other sessions; refused
   * while a second factor is required.
   */
  removeTotp: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/factors/totp',
        tags,
        summary: 'Turn one-time codes off, with their recovery codes (signs out every other session)',
      },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'factor.totp-removed' },
    })
    .input(z.void())
    .output(z.void())
    .mutation(async ({ ctx }) => {
      const result = await removeTotp(ctx.database.db, ctx.user.id);
      if (result === 'required') throw new TRPCError({ code: 'CONFLICT', message: STILL_REQUIRED });
      if (result === 'none') throw new TRPCError({ code: 'NOT_FOUND', message: NOT_SET_UP });
      await endOtherSessions(ctx, ctx.user.id);
    }),

  setRequired: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/factors/required',
        tags,
        summary: 'Require a second factor for every sign-in, or not',
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: {
        action: 'factor.required-changed',
        detail: ({ input }) => ({ required: fieldOf(input, 'required') === true }),
      },
    })
    .input(requireSecondFactorInput)
    .output(secondFactorsSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await setSecondFactorRequired(ctx.database.db, ctx.user.id, input.required);
      if (result === 'no-factor') throw new TRPCError({ code: 'CONFLICT', message: NO_FACTOR });
      return factorsOf(ctx, ctx.user.id);
    }),

  /** The owner's passkeys under /admin/factors/passkeys (docs/decisions/087-passkeys.md). */
  passkeys: passkeysRouter,
});
