import { useCallback, useMemo, useState } from 'react';
import { Badge, Box, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TNotification, TUnreadCount } from '@flotte/contract/notifications';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { arrivedText, notificationTarget, parkDay } from './notification-view.ts';
import { notificationsApi } from './notifications-api.ts';
import { notificationKeys, useMarkRead, useUnreadCount } from './queries.ts';

export const NO_NOTIFICATION_TEXT = "Aucune notification pour l'instant";
export const ALL_READ_MESSAGE = 'Toutes les notifications sont marquées comme lues';
export const NO_UNREAD_TEXT = 'Aucune notification non lue';

type Shown = 'all' | 'unread';
const SHOWN: { value: Shown; label: string }[] = [
  { value: 'all', label: 'Toutes' },
  { value: 'unread', label: 'Non lues' },
];

/** An unread one: a dot before its title (colour is not the only cue: the 'Non lue' badge says it). */
function UnreadDot() {
  return <Box component="span" w={8} h={8} bg="brand.6" mr={6} style={{ display: 'inline-block', borderRadius: '50%', verticalAlign: 'middle' }} aria-hidden />;
}

/**
 * /dashboard/notifications (VIEW_NOTIFICATIONS): what needs this profile's attention, newest first.
 * Opening one marks it read and goes to its record; 'Tout marquer comme lu' clears the count.
 */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const park = useActingPark();
  const today = parkDay(park?.time_zone);
  const [shown, setShown] = useState<Shown>('all');
  const unread = useUnreadCount();
  const { one, all } = useMarkRead();

  const fetchPage: DataTableFetch<TNotification> = useCallback(
    async (query, signal) => {
      const page = await notificationsApi.list({ page: query.page, itemPerPage: query.itemPerPage, unread: query.filters.unread === true }, signal);
      // The list says how many are unread: the header's bell follows without a call of its own.
      queryClient.setQueryData<TUnreadCount>(notificationKeys.unreadCount(), { unread_count: page.unread_count });
      return page;
    },
    [queryClient],
  );

  const open = (n: TNotification) => {
    if (!n.read) one.mutate(n.id);
    const to = notificationTarget(n);
    if (to) void navigate(to);
  };

  const columns = useMemo<DataTableColumn<TNotification>[]>(
    () => [
      {
        key: 'title',
        header: 'Notification',
        card: 'title',
        width: '30%',
        render: (n) => (
          <Text span size="sm" fw={n.read ? 400 : 700} data-testid="notification-title" style={{ overflowWrap: 'anywhere' }}>
            {n.read ? null : <UnreadDot />}
            {n.title}
          </Text>
        ),
        cardRender: (n) => (
          <span data-testid="notification-title">
            {n.read ? null : <UnreadDot />}
            {n.title}
          </span>
        ),
      },
      { key: 'body', header: 'Détail', card: 'meta', render: (n) => <Text span size="sm">{n.body}</Text>, cardRender: (n) => n.body },
      {
        key: 'read',
        header: 'État',
        card: 'status',
        width: 110,
        render: (n) =>
          n.read ? (
            <Text span size="sm" c="dimmed" data-testid="notification-state" data-read="true">
              Lue
            </Text>
          ) : (
            <Badge variant="light" color="brand" data-testid="notification-state" data-read="false">
              Non lue
            </Badge>
          ),
        cardRender: (n) =>
          n.read ? null : (
            <Badge variant="light" color="brand" data-testid="notification-state" data-read="false">
              Non lue
            </Badge>
          ),
      },
      { key: 'created_at', header: 'Reçue', card: 'date', width: 170, render: (n) => arrivedText(n.created_at, today) },
    ],
    [today],
  );

  const count = unread.data ?? 0;
  return (
    <Stack gap="md" data-testid="notifications-page">
      <div>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Notifications
          </Title>
          {count > 0 ? (
            <Badge color="red" variant="light" data-testid="notifications-unread-count">
              {count} non lue{count > 1 ? 's' : ''}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed" size="sm">
          Ce qui demande votre attention : entretiens à prévoir, documents à renouveler.
        </Text>
      </div>
      <DataTable<TNotification>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={notificationKeys.list()}
        searchable={false}
        defaultPageSize={10}
        filters={{ unread: shown === 'unread' ? true : undefined }}
        filtersSlot={
          <SegmentedControl
            aria-label="Notifications affichées"
            data={SHOWN}
            value={shown}
            onChange={(v) => setShown(v as Shown)}
            data-testid="notifications-shown"
          />
        }
        defaultFilters={{ unread: undefined }}
        onResetFilters={() => setShown('all')}
        emptyText={shown === 'unread' ? NO_UNREAD_TEXT : NO_NOTIFICATION_TEXT}
        onRowClick={open}
        actions={
          <Button variant="light" onClick={() => all.mutate(undefined, { onSuccess: () => toast.success(ALL_READ_MESSAGE) })} loading={all.isPending} disabled={count === 0} data-testid="notifications-read-all">
            Tout marquer comme lu
          </Button>
        }
        minWidth={720}
        testId="notifications-table"
      />
    </Stack>
  );
}
