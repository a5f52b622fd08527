import {
  addPasskeyInput,
  passkeyIdInput,
  passkeySchema,
  renamePasskeyInput,
  webauthnOptionsSchema,
  type Passkey,
} from '@journey/contracts';
import {
  addPasskey,
  endOtherUserSessions,
  isUniqueViolation,
  listPasskeys,
  passkeyUserHandle,
  removePasskey,
  renamePasskey,
  type PasskeyRow,
} from '@journey/db';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { TRPCError } from '@trpc/server';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Context } from '../../trpc/context';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { readSettings } from '../settings/read';
import { issueChallenge, spendChallengeOf } from './challenges';
import { relyingPartyOf } from './relying-party';

const tags = ['factors'];

const NOT_FOUND = 'That passkey does not exist.';
const NOT_VERIFIED = 'The passkey could not be verified. Start adding it again.';
const ALREADY_ADDED = 'That passkey is already added.';
const STILL_REQUIRED =
  'A second factor is required for every sign-in: turn that off before removing the last factor.';

/**
 * The user handle of an account's first passkey, taken from its registration's random challenge: as
 * random as the challenge, never the account's id or name, and found again when the response comes
 * back without a column to keep it in meanwhile (docs/decisions/087-passkeys.md).
 */
const firstUserHandle = (challenge: string) =>
  createHash('sha256').update(`journey passkey user handle ${challenge}`).digest('base64url');

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** As a TOTP's confirmation does (decision 086): those signed in under the old factors sign in again. */
const endOtherSessions = (ctx: Context, userId: number) =>
  endOtherUserSessions(ctx.database.db, userId, ctx.req.session.sessionId);

/**
 * The signed-in owner's passkeys (docs/decisions/087-passkeys.md): registered from the Account tab,
 * renamed, removed. Adding or removing one ends the account's other sessions.
 */
export const passkeysRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/factors/passkeys', tags, summary: 'Your passkeys' } })
    .input(z.void())
    .output(z.array(passkeySchema))
    .query(async ({ ctx }) => (await listPasskeys(ctx.database.db, ctx.user.id)).map(toPasskey)),

  /** The options `navigator.credentials.create` takes; its challenge is stored for five minutes. */
  registrationOptions: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/factors/passkeys/options',
        tags,
        summary: 'Start adding a passkey: the WebAuthn registration options',
      },
      ...PUBLIC_DATA_UNCHANGED,
      audit: { action: 'factor.passkey-setup-started' },
    })
    .input(z.void())
    .output(webauthnOptionsSchema)
    .mutation(async ({ ctx }) => {
      const db = ctx.database.db;
      const rp = relyingPartyOf(ctx.config, ctx.req);
      const challenge = randomBytes(32);
      const handle =
        (await passkeyUserHandle(db, ctx.user.id)) ?? firstUserHandle(isoBase64URL.fromBuffer(challenge));
      const { siteName } = await readSettings(ctx);
      const options = await generateRegistrationOptions({
        rpName: siteName,
        rpID: rp.id,
        userName: ctx.user.username,
        userID: isoBase64URL.toBuffer(handle),
        challenge,
        attestationType: 'none',
        excludeCredentials: (await listPasskeys(db, ctx.user.id)).map((passkey) => ({
          id: passkey.id,
          transports: passkey.transports as never,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await issueChallenge(ctx, options.challenge, 'registration', ctx.user.id);
      return options as unknown as Record<string, unknown>;
    }),

  add: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/factors/passkeys',
        tags,
        summary: 'Add a passkey with the browser’s registration response (signs out every other session)',
      },
      successStatus: 201,
      ...PUBLIC_DATA_UNCHANGED,
      // Its own factor.passkey-* row, with the passkey's name (docs/decisions/087-passkeys.md).
      audit: 'recorded-inside',
    })
    .input(addPasskeyInput)
    .output(passkeySchema)
    .mutation(async ({ ctx, input }) => {
      const response = input.response as unknown as RegistrationResponseJSON;
      const challenge = await spendChallengeOf(
        ctx,
        input.response.response.clientDataJSON,
        'registration',
        ctx.user.id,
      );
      if (!challenge) throw new TRPCError({ code: 'BAD_REQUEST', message: NOT_VERIFIED });
      const rp = relyingPartyOf(ctx.config, ctx.req);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }).catch(() => null);
      if (!verification?.verified) throw new TRPCError({ code: 'BAD_REQUEST', message: NOT_VERIFIED });
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const db = ctx.database.db;
      // The handle the options carried: the account's, or the first passkey's new one.
      const userHandle = (await passkeyUserHandle(db, ctx.user.id)) ?? firstUserHandle(challenge);
      const row = await addPasskey(db, {
        id: credential.id,
        userId: ctx.user.id,
        name: input.name,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        userHandle,
        createdAt: ctx.now(),
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ADDED });
        throw error;
      });
      await endOtherSessions(ctx, ctx.user.id);
      await ctx.audit.record(ctx.req, {
        action: 'factor.passkey-added',
        user: ctx.user,
        subject: `passkey:${row.id}`,
        detail: { name: row.name },
      });
      return toPasskey(row);
    }),

  rename: protectedProcedure
    .meta({
      openapi: { method: 'PUT', path: '/admin/factors/passkeys/{id}', tags, summary: 'Rename a passkey' },
      ...PUBLIC_DATA_UNCHANGED,
      // Its own factor.passkey-* row, with the passkey's name (docs/decisions/087-passkeys.md).
      audit: 'recorded-inside',
    })
    .input(renamePasskeyInput)
    .output(passkeySchema)
    .mutation(async ({ ctx, input }) => {
      const row = await renamePasskey(ctx.database.db, ctx.user.id, input.id, input.name);
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
      await ctx.audit.record(ctx.req, {
        action: 'factor.passkey-renamed',
        user: ctx.user,
        subject: `passkey:${row.id}`,
        detail: { name: row.name },
      });
      return toPasskey(row);
    }),

  remove: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/factors/passkeys/{id}',
        tags,
        summary: 'Remove a passkey (signs out every other session)',
      },
      successStatus: 204,
      ...PUBLIC_DATA_UNCHANGED,
      // Its own factor.passkey-* row, with the passkey's name (docs/decisions/087-passkeys.md).
      audit: 'recorded-inside',
    })
    .input(passkeyIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const removed = await removePasskey(ctx.database.db, ctx.user.id, input.id);
      if (removed.result === 'required') throw new TRPCError({ code: 'CONFLICT', message: STILL_REQUIRED });
      if (removed.result !== 'removed') throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
      await endOtherSessions(ctx, ctx.user.id);
      await ctx.audit.record(ctx.req, {
        action: 'factor.passkey-removed',
        user: ctx.user,
        subject: `passkey:${removed.passkey.id}`,
        detail: { name: removed.passkey.name },
      });
    }),
});
