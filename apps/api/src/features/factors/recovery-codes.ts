import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@journey/contracts/constants';

/**
 * Recovery codes (docs/decisions/086-one-time-codes.md): 28 characters of Base32, 140 random bits, shown
 * once in four groups of seven. Guessing one is hopeless, so a fast SHA-256 of it is what the database
 * keeps (a slow hash protects guessable secrets such as passwords).
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const LENGTH = 28;
const GROUP = 7;
const SHAPE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

function newCode(): string {
  // 32 letters: the low five bits of a random byte pick one evenly.
  const letters = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return letters.match(new RegExp(`.{${GROUP}}`, 'g'))?.join('-') ?? letters;
}

/** A code as typed: case, spaces and dashes do not matter. */
export const normalizeCode = (typed: string): string => typed.replace(/[\s-]/g, '').toLowerCase();

export const isRecoveryCodeShaped = (normalized: string): boolean => SHAPE.test(normalized);

export const hashRecoveryCode = (normalized: string): string =>
  createHash('sha256').update(normalized).digest('hex');

/** A new set: the codes to show once, and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map((code) => hashRecoveryCode(normalizeCode(code))) };
}
