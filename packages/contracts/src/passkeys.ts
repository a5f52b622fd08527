import { z } from 'zod';
import { PASSKEY_NAME_MAX } from './factor-values';
import { isMissing } from './field-input';
import { isoTimestamp } from './output-fields';

/**
 * Passkeys (docs/decisions/087-passkeys.md): the owner's WebAuthn credentials as the Account tab lists
 * them, and the ceremonies' JSON as @simplewebauthn passes it between browser and server.
 */

export const passkeySchema = z.object({
  /** The credential id, base64url. */
  id: z.string(),
  name: z.string(),
  createdAt: isoTimestamp,
  /** Null until it first signs in. */
  lastUsedAt: isoTimestamp.nullable(),
  /** The authenticator reported it synced to a backup (a password manager's passkey). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

const passkeyName = z
  .string({ error: (iss) => (isMissing(iss.input) ? 'Name is required.' : 'Name must be text.') })
  .trim()
  .min(1, 'Name is required.')
  .max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters.`);

/**
 * What a browser's WebAuthn call answers, as JSON (RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked in full by the server's verification, here only its shape.
 */
const credentialResponse = z.looseObject(
  {
    id: z.string({ error: 'Response must be a WebAuthn credential.' }),
    rawId: z.string({ error: 'Response must be a WebAuthn credential.' }),
    type: z.literal('public-key', { error: 'Response must be a WebAuthn credential.' }),
    response: z.looseObject(
      { clientDataJSON: z.string() },
      { error: 'Response must be a WebAuthn credential.' },
    ),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  },
  {
    error: (iss) =>
      isMissing(iss.input) ? 'Response is required.' : 'Response must be a WebAuthn credential.',
  },
);

export const addPasskeyInput = z.object(
  { name: passkeyName, response: credentialResponse },
  { error: 'Expected a JSON object.' },
);
export type AddPasskeyInput = z.input<typeof addPasskeyInput>;

export const renamePasskeyInput = z.object(
  { id: z.string().min(1).max(1024), name: passkeyName },
  { error: 'Expected a JSON object.' },
);

export const passkeyIdInput = z.object(
  { id: z.string().min(1).max(1024) },
  { error: 'Expected a JSON object.' },
);

export const passkeyLoginInput = z.object(
  { response: credentialResponse },
  { error: 'Expected a JSON object.' },
);
export type PasskeyLoginInput = z.input<typeof passkeyLoginInput>;

/** The options JSON a WebAuthn ceremony starts from (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const webauthnOptionsSchema = z
  .record(z.string(), z.unknown())
  .describe('PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON');
