import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Provider keys and webhook secrets at rest (docs/decisions/077-provider-connections.md): AES-256-GCM
 * under a key derived from the server's secret with HKDF-SHA256. A sealed value names its key by a
 * fingerprint, so a value sealed under a previous secret still opens while that secret is listed as
 * previous, and `needsReseal` finds it to seal again under the current one.
 */

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface DerivedKey {
  key: Buffer;
  id: string;
}

function derive(secret: string): DerivedKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'journey secret box', 'provider credentials', 32));
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 12) };
}

/** A sealed value that no configured secret opens, or that was altered. Never carries the value. */
export class SealedValueError extends Error {}

export class SecretBox {
  readonly #current: DerivedKey;
  readonly #all: Map<string, DerivedKey>;

  constructor(secret: string, previous: readonly string[] = []) {
    this.#current = derive(secret);
    this.#all = new Map([this.#current, ...previous.map(derive)].map((key) => [key.id, key]));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [FORMAT, this.#current.id, ...parts].join(':');
  }

  open(sealed: string): string {
    const [format, keyId, iv, tag, body] = sealed.split(':');
    const key = keyId === undefined ? undefined : this.#all.get(keyId);
    if (format !== FORMAT || !key || iv === undefined || tag === undefined || body === undefined) {
      throw new SealedValueError('The stored credential was sealed with a secret this server does not have.');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      const authTag = Buffer.from(tag, 'base64url');
      if (authTag.length !== TAG_BYTES) throw new Error('bad tag length');
      decipher.setAuthTag(authTag);
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SealedValueError('The stored credential does not open: it was altered.');
    }
  }

  /** True when `sealed` opens under a previous secret only: seal it again under the current one. */
  needsReseal(sealed: string): boolean {
    return sealed.split(':')[1] !== this.#current.id;
  }
}
