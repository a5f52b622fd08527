import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software for the API tests (docs/decisions/087-passkeys.md): an ES256 key
 * from node:crypto, attestation 'none', authenticator data built byte by byte as WebAuthn §6.1 lays it
 * out, and the JSON a browser's `navigator.credentials` answers. Each credential it makes is
 * discoverable: it keeps the user handle and answers sign-ins with it.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface CeremonyOverrides {
  /** The page origin the browser would put in clientDataJSON. */
  origin?: string;
  /** The relying party id whose hash the authenticator data carries. */
  rpId?: string;
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  /** What `navigator.credentials.create` answers for the registration options. */
  create(options: CreationOptions, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      this.header(rpId, FLAG_ATTESTED_DATA | this.flags(overrides), 0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(isoCBOR.encode(coseKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** What `navigator.credentials.get` answers, signed by `credential` (the newest by default). */
  get(options: RequestOptions, overrides: CeremonyOverrides = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('No credential to sign with.');
    credential.counter += 1;
    const rpId = overrides.rpId ?? options.rpId ?? credential.rpId;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides);
    const authenticatorData = this.header(rpId, this.flags(overrides), credential.counter);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(Buffer.from(clientDataJSON, 'base64url'))]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private flags(overrides: CeremonyOverrides): number {
    return FLAG_USER_PRESENT | (overrides.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  /** rpIdHash, flags and the signature counter: the part every authenticator data starts with. */
  private header(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): string {
    return b64url(
      Buffer.from(
        JSON.stringify({ type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
      ),
    );
  }
}
