import type { Subscriber } from '@journey/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Database } from './client';
import { subscribers } from './schema';

type SubscriberRow = typeof subscribers.$inferSelect;

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    consent: row.consent === 1 ? 1 : 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores the address once; signing up again changes nothing and is not an error. */
export async function addSubscriber(db: Database, email: string): Promise<void> {
  await db
    .insert(subscribers)
    .values({ email, consent: 1 })
    .onConflictDoNothing({ target: subscribers.email });
}

/** Newest first; served by the (created_at, id) index. */
export async function listSubscribers(db: Database): Promise<Subscriber[]> {
  const rows = await db.select().from(subscribers).orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return rows.map(toSubscriber);
}

export async function deleteSubscriber(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
  return rows.length > 0;
}
