import { lazy, Suspense } from 'react';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../auth/queries.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { actingPark } from '../../app/layout/acting-park.ts';
import { FleetDashboardSkeleton } from '../fleet-dashboard/FleetCard.tsx';
import { ParkChecklistCard } from '../parks/ParkChecklistCard.tsx';
import { ParkCard } from './ParkCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SecurityCard } from './SecurityCard.tsx';

// The fleet cards and the revenue chart load with their own chunk, after the greeting.
const FleetDashboard = lazy(() => import('../fleet-dashboard/FleetDashboard.tsx'));

/**
 * Home: the fleet's figures first (with VIEW_DASHBOARD), then the acting park and the profile (GET
 * /api/user). What this profile may do ('Vos accès') is on the account page.
 */
export default function DashboardHome() {
  const user = useCurrentUser();
  const { parkId } = useSession();

  if (user.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="dashboard-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={180} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (user.isError) {
    return (
      <Alert color="red" title="Impossible de charger vos informations">
        <Text size="sm" mb="xs">
          {user.error.message}
        </Text>
        <Button size="xs" variant="light" onClick={() => void user.refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  }

  const park = actingPark(user.data, parkId);
  const showFleet = !!parkId && user.data.permissions.includes('VIEW_DASHBOARD');
  const finance = user.data.permissions.includes('READ_FINANCE');
  return (
    <Stack gap="md" data-testid="dashboard-home">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Bonjour {user.data.first_name}
        </Title>
        <Text c="dimmed" size="sm">
          {park ? `Vous travaillez sur le parc ${park.name}.` : 'Aucun parc n’est associé à ce profil.'}
        </Text>
      </div>
      {/* A new park's first steps, for its owner, until they are all done. */}
      {parkId && user.data.isOwner ? <ParkChecklistCard /> : null}
      {showFleet ? (
        // While its chunk loads, the cards' places at their final size.
        <Suspense fallback={<FleetDashboardSkeleton finance={finance} contracts={user.data.permissions.includes('VIEW_CONTRACTS')} />}>
          <FleetDashboard parkId={parkId!} finance={finance} />
        </Suspense>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ParkCard park={park} />
        <ProfileCard user={user.data} />
        <SecurityCard />
      </SimpleGrid>
    </Stack>
  );
}
