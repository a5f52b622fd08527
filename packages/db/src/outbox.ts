import type { OutboxMessage } from '@journey/contracts';
import { desc, sql } from 'drizzle-orm';
import type { Database } from './client';
import { outbox } from './schema';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Keeps a message the server would have sent, had SMTP been set up. */
export async function addToOutbox(db: Database, message: OutgoingMessage, now: Date): Promise<void> {
  await db.insert(outbox).values({ ...message, createdAt: now });
}

/** The latest messages first. */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxMessage[]> {
  const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Every message: the admin's 'Clear outbox'. */
export async function clearOutbox(db: Database): Promise<void> {
  await db.delete(outbox).where(sql`true`);
}
