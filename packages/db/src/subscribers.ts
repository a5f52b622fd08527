import type { Page, Subscriber, SubscriberPageRequest } from '@journey/contracts';
import { asc, desc, gt } from 'drizzle-orm';
import type { Database } from './client';
import { deleteById } from './entity-writes';
import { pageOf } from './paging';
import { subscribers } from './schema';

function toSubscriber(row: typeof subscribers.$inferSelect): Subscriber {
  return { ...row, consent: row.consent === 1 ? 1 : 0, createdAt: row.createdAt.toISOString() };
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

export function deleteSubscriber(db: Database, id: number): Promise<boolean> {
  return deleteById(db, subscribers, id);
}

/** One page of the admin table, sorted by any column and filtered by e-mail. */
export async function pageSubscribers(
  db: Database,
  request: SubscriberPageRequest,
): Promise<Page<Subscriber>> {
  return pageOf(db, subscribers, [subscribers.email], request, toSubscriber);
}

/** Every subscriber in batches, oldest first: the CSV export streams these without holding them all. */
export async function* eachSubscriberBatch(db: Database, batchSize = 1000): AsyncGenerator<Subscriber[]> {
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(subscribers)
      .where(gt(subscribers.id, lastId))
      .orderBy(asc(subscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toSubscriber);
    lastId = rows.at(-1)?.id ?? lastId;
  }
}
