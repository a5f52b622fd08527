import { PASSKEY_NAME_MAX, WEBAUTHN_CEREMONIES } from '@journey/contracts/constants';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf } from './columns';
import { users } from '../schema';

/**
 * Passkeys (docs/decisions/087-passkeys.md): WebAuthn credentials that sign the owner in alone or stand
 * in for the one-time code after the password. Part of ../schema.ts.
 */

/** One row per registered credential. Only the public key is kept: a copy of the table signs nothing. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id the authenticator chose, base64url, as the browser sends it back. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (0 for authenticators that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced), and whether it is backed up now, as last reported. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The WebAuthn user handle the credential was created for (random, never the user's id or name). */
    userHandle: text('user_handle').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    check(
      'passkeys_name_length',
      sql`char_length(${table.name}) between 1 and ${sql.raw(String(PASSKEY_NAME_MAX))}`,
    ),
  ],
);

/**
 * A WebAuthn challenge the server handed out and has not yet seen answered: single use (the verifying
 * request deletes it) and short lived (`expires_at`). `id` is the challenge itself, base64url.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    ceremony: text('ceremony', { enum: WEBAUTHN_CEREMONIES }).notNull(),
    /** The user a registration is for; null for a sign-in, where the passkey names the user. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('webauthn_challenges_expires_at_idx').on(table.expiresAt),
    check('webauthn_challenges_ceremony_valid', isOneOf(table.ceremony, WEBAUTHN_CEREMONIES)),
  ],
);
