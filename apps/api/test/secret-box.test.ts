import { describe, expect, it } from 'vitest';
import { SealedValueError, SecretBox } from '../src/features/connections/secret-box';

const SECRET = 'a-server-secret-that-is-long-enough-0123456789';
const NEXT = 'the-next-server-secret-that-is-long-enough-98765';
const KEY = 'rk_live_51Hxyz_restricted_read_only_key';

describe('SecretBox', () => {
  it('seals a key so the stored text shows nothing of it, and opens it again', () => {
    const box = new SecretBox(SECRET);
    const sealed = box.seal(KEY);
    expect(sealed).not.toContain(KEY);
    expect(sealed).not.toContain('rk_live');
    expect(box.open(sealed)).toBe(KEY);
    // A fresh IV each time: two seals of one key differ.
    expect(box.seal(KEY)).not.toBe(sealed);
  });

  it('refuses an altered value and one sealed under a secret it does not have, without echoing either', () => {
    const box = new SecretBox(SECRET);
    const sealed = box.seal(KEY);
    const [format, keyId, iv, tag, body] = sealed.split(':');
    const flipped = `${body!.slice(0, -2)}${body!.at(-2) === 'A' ? 'B' : 'A'}${body!.at(-1)}`;
    expect(() => box.open([format, keyId, iv, tag, flipped].join(':'))).toThrow(SealedValueError);
    expect(() => box.open('not sealed at all')).toThrow(SealedValueError);
    const other = new SecretBox(NEXT);
    expect(() => other.open(sealed)).toThrow(/sealed with a secret this server does not have/);
    try {
      other.open(sealed);
    } catch (error) {
      expect(String(error)).not.toContain(sealed);
    }
  });

  it('rotates: a new secret opens what the previous one sealed, and says it needs sealing again', () => {
    const before = new SecretBox(SECRET);
    const sealed = before.seal(KEY);
    const after = new SecretBox(NEXT, [SECRET]);
    expect(after.open(sealed)).toBe(KEY);
    expect(after.needsReseal(sealed)).toBe(true);
    const resealed = after.seal(after.open(sealed));
    expect(after.needsReseal(resealed)).toBe(false);
    expect(() => before.open(resealed)).toThrow(SealedValueError);
  });
});
