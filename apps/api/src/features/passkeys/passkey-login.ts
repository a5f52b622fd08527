import { passkeyLoginInput, userSchema, webauthnOptionsSchema } from '@journey/contracts';
import {
  endLoginChallenge,
  findLoginChallenge,
  findPasskey,
  findUserById,
  notePasskeyUsed,
  toUser,
} from '@journey/db';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { PUBLIC_DATA_UNCHANGED, publicProcedure } from '../../trpc/init';
import { enforceLoginRate } from '../auth/login-rate-limit';
import { completeSignIn, recordFailedSignIn } from '../auth/sign-in';
import { challengeToken, clearChallengeCookie } from '../factors/login-challenge';
import { issueChallenge, spendChallengeOf } from './challenges';
import { relyingPartyOf } from './relying-party';

const tags = ['auth'];
export const PASSKEY_REFUSED = 'The passkey could not be verified. Try again.';
const OTHER_ACCOUNT = 'That passkey belongs to another account than the password you typed. Start over.';

/** The options `navigator.credentials.get` takes: no credential named, the authenticator offers its own. */
export const passkeyLoginOptions = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/login/passkey/options',
      tags,
      summary: 'Start signing in with a passkey: the WebAuthn authentication options',
    },
    ...PUBLIC_DATA_UNCHANGED,
  })
  .input(z.void())
  .output(webauthnOptionsSchema)
  .mutation(async ({ ctx }) => {
    const options = await generateAuthenticationOptions({
      rpID: relyingPartyOf(ctx.config, ctx.req).id,
      allowCredentials: [],
      // A passkey alone signs in: the authenticator's PIN or biometric is the second factor in it.
      userVerification: 'required',
    });
    await issueChallenge(ctx, options.challenge, 'authentication', null);
    return options as unknown as Record<string, unknown>;
  });

/**
 * A sign-in with a passkey alone, or as the second step after a password
 * (docs/decisions/087-passkeys.md). Each attempt counts against the login limits of the passkey's
 * account (of the credential id when no account has it), as a password does.
 */
export const passkeyLogin = publicProcedure
  .meta({
    openapi: { method: 'POST', path: '/login/passkey', tags, summary: 'Sign in with a passkey' },
    ...PUBLIC_DATA_UNCHANGED,
  })
  .input(passkeyLoginInput)
  .output(userSchema)
  .mutation(async ({ ctx, input }) => {
    const db = ctx.database.db;
    const response = input.response as unknown as AuthenticationResponseJSON;
    const passkey = await findPasskey(db, response.id);
    const user = passkey ? await findUserById(db, passkey.userId) : null;
    const username = user?.username ?? `passkey:${response.id.slice(0, 64)}`;
    await enforceLoginRate(ctx, username);
    const refuse = async (reason: string, message = PASSKEY_REFUSED) => {
      await recordFailedSignIn(ctx, { username, user, method: 'passkey', reason });
      return new TRPCError({ code: 'UNAUTHORIZED', message });
    };

    // After a password, the passkey must be of the account the password opened.
    const token = challengeToken(ctx.req);
    const pendingUserId = token ? await findLoginChallenge(db, token, ctx.now()) : null;
    if (pendingUserId !== null && user && pendingUserId !== user.id)
      throw await refuse('passkey of another account', OTHER_ACCOUNT);

    const challenge = await spendChallengeOf(ctx, response.response.clientDataJSON, 'authentication');
    if (!challenge) throw await refuse('unknown or expired challenge');
    if (!passkey || !user) throw await refuse('unknown passkey');
    if (response.response.userHandle && response.response.userHandle !== passkey.userHandle)
      throw await refuse('wrong user handle');
    const rp = relyingPartyOf(ctx.config, ctx.req);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      ctx.req.log.info({ err: error }, 'passkey sign-in refused');
      return null;
    });
    if (!verification?.verified) throw await refuse('invalid signature');
    const { newCounter, credentialBackedUp, credentialDeviceType } = verification.authenticationInfo;
    await notePasskeyUsed(db, passkey.id, {
      counter: newCounter,
      backedUp: credentialBackedUp,
      deviceType: credentialDeviceType,
      at: ctx.now(),
    });
    // The password's waiting step is done with: a passkey is a factor of its own.
    if (token) {
      await endLoginChallenge(db, token, ctx.now());
      clearChallengeCookie(ctx.req, ctx.reply);
    }
    await completeSignIn(ctx, user, 'passkey');
    return toUser(user);
  });
