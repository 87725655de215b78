import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { dateTimeText, dayTitle, greeting, unreadOf, unreadText } from './driver-display.ts';
import { GpsSharingCard } from './GpsSharingCard.tsx';
import { PlanningEntryCard } from './PlanningEntryCard.tsx';
import { useDriverMe, useDriverNotifications, useDriverOwed, useDriverToday } from './queries.ts';

/** Accueil: today's vehicle and hours, what he owes in all, sharing his position, his unread notifications. */
export default function DriverHomePage() {
  const me = useDriverMe();
  const today = useDriverToday();
  const owed = useDriverOwed(1);
  const notifications = useDriverNotifications();
  const currency = me.data?.park.currency ?? null;

  return (
    <Stack gap="md" data-testid="driver-home">
      <Title order={1} fz="h3">
        {me.data ? greeting(me.data.first_name) : 'Accueil'}
      </Title>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="driver-today-title">
        <Stack gap="sm">
          <Title order={2} fz="h5" id="driver-today-title">
            Aujourd'hui{today.data ? `, ${dayTitle(today.data.date)}` : ''}
          </Title>
          {today.isPending ? (
            <Skeleton h={60} />
          ) : today.isError ? (
            <LoadError title="Impossible de charger votre journée" error={today.error} onRetry={() => void today.refetch()} />
          ) : today.data.entries.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="driver-today-empty">
              Aucun service prévu aujourd'hui.
            </Text>
          ) : (
            today.data.entries.map((entry, i) => <PlanningEntryCard key={entry.id ?? i} entry={entry} currency={currency ?? ''} />)
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="driver-owed-title">
        <Stack gap="sm">
          <Title order={2} fz="h5" id="driver-owed-title">
            À payer
          </Title>
          {owed.isPending ? (
            <Skeleton h={40} />
          ) : owed.isError ? (
            <LoadError title="Impossible de charger ce que vous devez" error={owed.error} onRetry={() => void owed.refetch()} />
          ) : owed.data.total_remaining > 0 ? (
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" c="dimmed">
                  Total restant
                </Text>
                <Money amount={owed.data.total_remaining} currency={currency} fw={700} size="xl" c="red.8" data-testid="driver-owed-total" />
              </div>
              <Button component={Link} to="/chauffeur/a-payer" data-testid="driver-home-pay">
                Payer
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="teal.9" data-testid="driver-owed-none">
              Vous êtes à jour : rien à payer.
            </Text>
          )}
        </Stack>
      </Paper>

      <GpsSharingCard />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="driver-unread-title">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h5" id="driver-unread-title">
              Notifications
            </Title>
            <Anchor component={Link} to="/chauffeur/notifications" size="sm">
              Tout voir
            </Anchor>
          </Group>
          {notifications.isPending ? (
            <Skeleton h={40} />
          ) : notifications.isError ? (
            <LoadError title="Impossible de charger vos notifications" error={notifications.error} onRetry={() => void notifications.refetch()} />
          ) : (
            <>
              <Text size="sm" c="dimmed" data-testid="driver-unread-count">
                {unreadText(notifications.data.unread)}
              </Text>
              {unreadOf(notifications.data.items)
                .slice(0, 3)
                .map((n) => (
                  <div key={n.id}>
                    <Text size="sm" fw={600}>
                      {n.title}
                    </Text>
                    <Text size="sm" lineClamp={2}>
                      {n.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dateTimeText(n.created_at)}
                    </Text>
                  </div>
                ))}
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
