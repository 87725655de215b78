import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TNotification, TNotificationKind, TNotificationListQuery, TNotificationPage, TReadAllResult } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { notifications } from './notifications.tables.ts';

/**
 * A profile's own notifications: every query names the acting profile (and its park), so nobody
 * reads or marks another's; someone else's id reads as not found. Writing them is notify.ts.
 */
type NotificationRow = typeof notifications.$inferSelect;

function view(r: NotificationRow, timeZone: string): TNotification {
  return {
    id: r.id,
    kind: r.kind as TNotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.readAt !== null,
    read_at: r.readAt ? toWireDate(r.readAt, timeZone) : null,
    created_at: toWireDate(r.createdAt, timeZone),
  };
}

const own = (acting: ActingProfile) => and(eq(notifications.profileId, acting.id), eq(notifications.parkId, acting.parkId));

/** The unread ones, through the partial index on unread rows: what the header polls. */
export async function unreadCount(db: Db, acting: ActingProfile): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(own(acting), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Newest first (notifications_profile_created_idx), a page at a time, with the unread count. */
export async function listNotifications(db: Db, acting: ActingProfile, q: TNotificationListQuery): Promise<TNotificationPage> {
  const where = q.unread ? and(own(acting), isNull(notifications.readAt)) : own(acting);
  const { limit, offset } = pageWindow(q);
  const [rows, [total], unread] = await Promise.all([
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, acting),
  ]);
  return {
    items: rows.map((r) => view(r, acting.park.timeZone)),
    meta: { page: q.page, itemPerPage: q.itemPerPage, total: total?.n ?? 0 },
    unread_count: unread,
  };
}

/** Marks one read (again is a no-op: the first reading's time stays). */
export async function markRead(db: Db, acting: ActingProfile, id: string): Promise<TNotification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), own(acting)))
    .returning();
  if (!row) throw new AppError('NOTIFICATION_NOT_FOUND');
  return view(row, acting.park.timeZone);
}

export async function markAllRead(db: Db, acting: ActingProfile): Promise<TReadAllResult> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(own(acting), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length, unread_count: 0 };
}
