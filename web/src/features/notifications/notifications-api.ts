import type { TNotification, TNotificationPage, TReadAllResult, TUnreadCount } from '@flotte/contract/notifications';
import { api } from '../../api/client.ts';

export interface NotificationListQuery {
  page: number;
  itemPerPage: number;
  /** Only the unread ones. */
  unread?: boolean;
}

/** The acting profile's notifications (issue 18 section 3): its own list, newest first. */
export const notificationsApi = {
  list: (q: NotificationListQuery, signal?: AbortSignal) =>
    api.get<TNotificationPage>('/notifications', { page: q.page, itemPerPage: q.itemPerPage, unread: q.unread ? 'true' : undefined }, signal),
  unreadCount: (signal?: AbortSignal) => api.get<TUnreadCount>('/notifications/unread-count', undefined, signal),
  markRead: (id: string) => api.put<TNotification>(`/notifications/${id}/read`),
  markAllRead: () => api.put<TReadAllResult>('/notifications/read-all'),
};
