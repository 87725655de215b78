import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../../platform/db/columns.ts';

/** Messages the demo/dev notifier "sent": readable at GET /api/dev/outbox, never in production. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: idColumn(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    otp: text('otp'),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
