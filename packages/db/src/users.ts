import type { User } from '@journey/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { sessions, users } from './schema';

export type UserRow = typeof users.$inferSelect;

/** The user as clients see it: the password hash stays here. */
export function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, email: row.email, createdAt: row.createdAt.toISOString() };
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

/** Asked on every signed-in request: a prepared statement, parsed and planned once per connection. */
export async function findUserById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .prepare('user_by_id')
    .execute();
  return row ?? null;
}

/** Usernames match regardless of case, as their unique index does. */
export async function findUserByUsername(db: Database, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export type RegisterResult =
  { ok: true; user: UserRow } | { ok: false; reason: 'closed' | 'username_taken' | 'email_taken' };

/**
 * Creates a user unless registration is closed: it is open while no account exists
 * (the first one bootstraps the admin) or when `openToAll` is set. A transaction-level
 * advisory lock makes two simultaneous first registrations create one admin, not two.
 */
export async function registerUser(
  db: Database,
  values: { username: string; passwordHash: string; email: string },
  options: { openToAll: boolean },
): Promise<RegisterResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    if (!options.openToAll) {
      if ((await countUsers(tx)) > 0) return { ok: false, reason: 'closed' } as const;
    }
    if (await findUserByUsername(tx, values.username))
      return { ok: false, reason: 'username_taken' } as const;
    const [sameEmail] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, values.email))
      .limit(1);
    if (sameEmail) return { ok: false, reason: 'email_taken' } as const;
    const [user] = await tx
      .insert(users)
      .values({ username: values.username, password: values.passwordHash, email: values.email })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return { ok: true, user } as const;
  });
}

/** Sets a new password hash and ends every session of the user, together. */
export async function replacePassword(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
