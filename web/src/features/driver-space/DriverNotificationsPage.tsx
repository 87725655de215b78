import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../ui/LoadError.tsx';
import { toastApiError } from '../../ui/toast.ts';
import { driverApi, driverKeys } from './driver-api.ts';
import { dateTimeText, unreadText } from './driver-display.ts';
import { useDriverNotifications } from './queries.ts';

/** Notifications: his messages, newest first; each unread one marked read by itself or all at once. */
export default function DriverNotificationsPage() {
  const queryClient = useQueryClient();
  const notifications = useDriverNotifications();
  const markRead = useMutation({
    mutationFn: (ids?: string[]) => driverApi.markRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.notifications() }),
    onError: toastApiError,
  });

  return (
    <Stack gap="md" data-testid="driver-notifications">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h3">
            Notifications
          </Title>
          {notifications.data ? (
            <Text size="sm" c="dimmed">
              {unreadText(notifications.data.unread)}
            </Text>
          ) : null}
        </div>
        {notifications.data?.unread ? (
          <Button variant="light" size="xs" onClick={() => markRead.mutate(undefined)} loading={markRead.isPending} data-testid="driver-notifications-read-all">
            Tout marquer comme lu
          </Button>
        ) : null}
      </Group>
      {notifications.isPending ? (
        <Skeleton h={160} />
      ) : notifications.isError ? (
        <LoadError title="Impossible de charger vos notifications" error={notifications.error} onRetry={() => void notifications.refetch()} />
      ) : notifications.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" data-testid="driver-notifications-empty">
            Aucune notification.
          </Text>
        </Paper>
      ) : (
        notifications.data.items.map((n) => {
          const unread = n.read_at === null;
          const body = (
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={unread ? 700 : 500}>{n.title}</Text>
                {unread ? (
                  <Badge color="blue" variant="light" tt="none" style={{ flexShrink: 0 }}>
                    Non lue
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed">
                {dateTimeText(n.created_at)}
              </Text>
            </Stack>
          );
          return (
            <Paper key={n.id} withBorder radius="md" p="sm" bg={unread ? 'blue.0' : undefined} data-testid="driver-notification">
              {body}
              {unread ? (
                <Group justify="flex-end" mt={4}>
                  <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate([n.id])} data-testid="driver-notification-read">
                    Marquer comme lue
                  </Button>
                </Group>
              ) : null}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
