import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Indicator, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { useSession } from '../auth/SessionProvider.tsx';
import { BellIcon, CalendarIcon, HomeIcon, OweIcon, PaidIcon, SalaryIcon, SignOutIcon } from './driver-icons.tsx';
import { useDriverMe, useDriverNotifications } from './queries.ts';
import classes from './driver-space.module.css';

const TABS: { to: string; label: string; icon: () => ReactNode; end?: boolean; testId: string }[] = [
  { to: '/chauffeur', label: 'Accueil', icon: HomeIcon, end: true, testId: 'driver-nav-home' },
  { to: '/chauffeur/planning', label: 'Planning', icon: CalendarIcon, testId: 'driver-nav-planning' },
  { to: '/chauffeur/a-payer', label: 'À payer', icon: OweIcon, testId: 'driver-nav-owed' },
  { to: '/chauffeur/paye', label: 'Payé', icon: PaidIcon, testId: 'driver-nav-paid' },
  { to: '/chauffeur/salaire', label: 'Salaire', icon: SalaryIcon, testId: 'driver-nav-salary' },
];

/**
 * The driver's space, phone first: a header with his name and park, the notifications bell and
 * 'Se déconnecter'; the five sections in a bar at the bottom of a phone's screen (under the
 * thumb), at the top on a wider screen.
 */
export default function DriverLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <DriverShell />
    </QueryClientProvider>
  );
}

function DriverShell() {
  const { signOut } = useSession();
  const me = useDriverMe();
  const notifications = useDriverNotifications();
  const unread = notifications.data?.unread ?? 0;

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" className={classes.shell}>
      <Box component="header" className={classes.header} data-testid="driver-header">
        <Group h="100%" px="sm" gap="xs" wrap="nowrap" justify="space-between" maw={720} mx="auto">
          <Box miw={0}>
            {me.data ? (
              <>
                <Text fw={700} truncate data-testid="driver-name">
                  {me.data.first_name} {me.data.last_name}
                </Text>
                <Text size="xs" c="dimmed" truncate data-testid="driver-park">
                  {me.data.park.name}
                </Text>
              </>
            ) : (
              <Stack gap={4}>
                <Skeleton h={14} w={140} />
                <Skeleton h={10} w={90} />
              </Stack>
            )}
          </Box>
          <Group gap={4} wrap="nowrap">
            <Indicator label={unread > 9 ? '9+' : unread} size={16} disabled={unread === 0} offset={6} color="red">
              <ActionIcon
                component={NavLink}
                to="/chauffeur/notifications"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={unread ? `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications'}
                data-testid="driver-nav-notifications"
              >
                <BellIcon />
              </ActionIcon>
            </Indicator>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Se déconnecter" title="Se déconnecter" onClick={() => void signOut()} data-testid="driver-sign-out">
              <SignOutIcon />
            </ActionIcon>
          </Group>
        </Group>
        <Box component="nav" aria-label="Espace chauffeur" visibleFrom="sm" className={classes.topNav}>
          <Group gap={4} maw={720} mx="auto" px="sm" wrap="nowrap">
            {TABS.map((tab) => (
              <NavLink key={tab.to} to={tab.to} end={tab.end} className={classes.topTab} data-testid={`${tab.testId}-top`}>
                {tab.label}
              </NavLink>
            ))}
          </Group>
        </Box>
      </Box>

      <Box component="main" px="sm" py="md" maw={720} mx="auto" className={classes.main}>
        {me.isError ? <LoadError title="Impossible de charger votre espace" error={me.error} onRetry={() => void me.refetch()} testId="driver-me-error" /> : <Outlet />}
      </Box>

      <Box component="nav" aria-label="Espace chauffeur, sections" hiddenFrom="sm" className={classes.bottomNav} data-testid="driver-bottom-nav">
        {TABS.map((tab) => (
          <UnstyledButton key={tab.to} component={NavLink} to={tab.to} end={tab.end} className={classes.bottomTab} data-testid={tab.testId}>
            <tab.icon />
            <span>{tab.label}</span>
          </UnstyledButton>
        ))}
      </Box>
    </Box>
  );
}
