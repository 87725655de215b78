import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUnreadCount } from '@flotte/contract/notifications';
import { notificationsApi } from './notifications-api.ts';

/** Query keys of the notifications: the list and the header's unread count share the prefix. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};

/**
 * How often the header asks for the unread count while the app is open (and again when the tab
 * comes back to the front): notifications come from a daily job, so a minute is plenty, and the
 * call is one indexed count.
 */
export const UNREAD_POLL_MS = 60_000;

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => notificationsApi.unreadCount(signal),
    select: (d) => d.unread_count,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Marks one read (or all); the list and the header's count follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const settle = (unread?: number) => {
    if (unread !== undefined) queryClient.setQueryData<TUnreadCount>(notificationKeys.unreadCount(), { unread_count: unread });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  const one = useMutation({ mutationFn: (id: string) => notificationsApi.markRead(id), onSuccess: () => settle() });
  const all = useMutation({ mutationFn: () => notificationsApi.markAllRead(), onSuccess: (r) => settle(r.unread_count) });
  return { one, all };
}
