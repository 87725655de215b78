import { desc, eq } from 'drizzle-orm';
import type { TOutboxItem } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import type { OutgoingMessage } from '../../platform/notifier/notifier.types.ts';
import { devOutbox } from './outbox.tables.ts';

/** The demo/dev outbox: messages kept in the database instead of sent, newest first. */
export function outboxStore(db: Db) {
  return async (m: OutgoingMessage): Promise<void> => {
    await db.insert(devOutbox).values({ channel: m.channel, recipient: m.to, subject: m.subject, text: m.text, otp: m.otp });
  };
}

export async function readOutbox(db: Db, to: string, limit = 20): Promise<TOutboxItem[]> {
  const rows = await db.select().from(devOutbox).where(eq(devOutbox.recipient, to)).orderBy(desc(devOutbox.createdAt), desc(devOutbox.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, channel: r.channel, to: r.recipient, text: r.text, otp: r.otp, created_at: r.createdAt.toISOString() }));
}
