import { SECOND_FACTOR_KINDS } from '@journey/contracts/constants';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, isOneOf } from './columns';
import { users } from '../schema';

/**
 * Second factors (docs/decisions/086-one-time-codes.md): one-time codes from an authenticator app,
 * single-use recovery codes, and the sign-ins waiting between the password and the code. Part of
 * ../schema.ts.
 */

/**
 * One row per user and kind. A TOTP row is pending until a code confirms it (`confirmed_at`), and only a
 * confirmed one is asked for at sign-in. The secret is sealed with the server's secret, as the provider
 * keys are (decision 077): a copy of the table alone computes no code.
 */
export const userFactors = pgTable(
  'user_factors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    secretSealed: text('secret_sealed').notNull(),
    confirmedAt: instant('confirmed_at'),
    /** The 30-second step of the last code accepted: a code is accepted once, never again in its window. */
    lastUsedStep: integer('last_used_step'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('user_factors_kind_valid', isOneOf(table.kind, SECOND_FACTOR_KINDS)),
  ],
);

/**
 * Ten codes per confirmed TOTP, shown once. Each is 140 random bits, so its SHA-256 is all that is kept
 * (a slow hash guards guessable secrets, and these are not); `used_at` marks one spent.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * A sign-in whose password was right and whose second factor is still to come: the session store writes
 * no session without a user, and none is started before the code. `id` is the SHA-256 of the token in
 * the browser's httpOnly cookie; a row lasts five minutes and is deleted by the sign-in it completes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('login_challenges_expires_at_idx').on(table.expiresAt)],
);
