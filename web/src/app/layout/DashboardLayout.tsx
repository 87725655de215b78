import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Alert, AppShell, Box, Burger, Button, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { useCurrentUser } from '../../features/auth/queries.ts';
import { useSession } from '../../features/auth/SessionProvider.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { ParkSwitcher } from '../../features/parks/ParkSwitcher.tsx';
import { PinStepUpProvider } from '../../ui/usePinStepUp.tsx';
import { Wordmark } from '../../ui/Wordmark.tsx';
import { NavMenu } from './NavMenu.tsx';
import { actingPark } from './acting-park.ts';
import { UserMenu } from './UserMenu.tsx';

// Only holders of READ_SUBSCRIPTION download it, after the shell: the frame stays as light as it was.
const SubscriptionBanner = lazy(() => import('../../features/subscription/SubscriptionBanner.tsx'));

/** The signed-in frame: header (burger, wordmark, park switcher, notifications bell, user menu) and the permitted navigation. */
export default function DashboardLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardShell />
    </QueryClientProvider>
  );
}

function DashboardShell() {
  const [navOpened, nav] = useDisclosure(false);
  const { parkId } = useSession();
  const user = useCurrentUser();
  const park = user.data ? actingPark(user.data, parkId) : null;

  return (
    <PinStepUpProvider>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={{ base: 'sm', sm: 'md' }}
      >
        <AppShell.Header>
          <Group h="100%" px="sm" gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Ouvrir le menu de navigation" data-testid="nav-burger" />
              {/* On a phone only the tile shows (the name is clipped): the park's name needs the room. */}
              <Box
                component={Link}
                to="/dashboard"
                aria-label="Flotte, tableau de bord"
                w={{ base: 26, xs: 'auto' }}
                style={{ textDecoration: 'none', overflow: 'hidden', flexShrink: 0 }}
              >
                <div style={{ width: 'max-content' }}>
                  <Wordmark size={26} />
                </div>
              </Box>
              {park && user.data ? <ParkSwitcher user={user.data} park={park} /> : null}
            </Group>
            <Group gap="xs" wrap="nowrap">
              {user.data?.permissions.includes('VIEW_NOTIFICATIONS') ? <NotificationBell /> : null}
              {user.data ? <UserMenu user={user.data} /> : <Skeleton h={32} w={32} circle />}
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label="Navigation principale" data-testid="navbar">
          <AppShell.Section grow component={ScrollArea}>
            {user.isPending ? <NavSkeleton /> : user.data ? <Navigation permissions={user.data.permissions} onNavigate={nav.close} /> : null}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main>
          {user.isError ? (
            <Alert color="red" title="Impossible de charger votre profil" data-testid="user-load-error">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{user.error.message}</Text>
                <Button size="xs" variant="light" onClick={() => void user.refetch()}>
                  Réessayer
                </Button>
              </Stack>
            </Alert>
          ) : (
            <>
              {user.data?.permissions.includes('READ_SUBSCRIPTION') ? (
                <Suspense fallback={null}>
                  <SubscriptionBanner parkId={parkId} />
                </Suspense>
              ) : null}
              <Outlet />
            </>
          )}
        </AppShell.Main>
      </AppShell>
    </PinStepUpProvider>
  );
}

function NavSkeleton() {
  return Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={32} mb={6} />);
}

/**
 * The navigation's sections (collapsible links, a dozen or more) render just after the screen's
 * first paint, in a transition of their own: the first commit, one long task on a phone, then holds
 * only the header and the screen (on a phone the navigation is off-screen until the burger opens it).
 */
function Navigation(props: { permissions: readonly string[]; onNavigate: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? <NavMenu {...props} /> : <NavSkeleton />;
}
