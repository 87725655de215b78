import { lazy, Suspense } from 'react';
import { LoadError } from '../../ui/LoadError.tsx';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { actingPark } from '../../app/layout/acting-park.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useCurrentUser } from '../auth/queries.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CompanyForm } from './CompanyForm.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { useParkDetail } from './queries.ts';
import { ResetAccountCard } from './ResetAccountCard.tsx';
import { WhenVisible } from '../../ui/WhenVisible.tsx';

// Below the company form: its own chunk, loaded when scrolled to.
const YangoConnectionCard = lazy(() => import('../yango/YangoConnectionCard.tsx').then((m) => ({ default: m.YangoConnectionCard })));
const GpsConnectionCard = lazy(() => import('../gps/GpsConnectionCard.tsx').then((m) => ({ default: m.GpsConnectionCard })));

/** /dashboard/company (VIEW_COMPANY_PROFILE): the company form, and the danger zone below it. */
export default function CompanyPage() {
  const user = useCurrentUser();
  const { parkId: sessionParkId } = useSession();
  const parkId = user.data ? (actingPark(user.data, sessionParkId)?.id ?? null) : null;
  const park = useParkDetail(parkId);
  const { can } = usePermissions();
  const canReset = can('RESET_ACCOUNT');
  const canDelete = can('DELETE_ACCOUNT');

  return (
    <Stack gap="md" data-testid="company-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Profil de l'entreprise
        </Title>
        <Text c="dimmed" size="sm">
          Les informations de votre entreprise, visibles sur vos documents et dans Flotte.
        </Text>
      </div>

      {park.isError ? (
        <LoadError title="Impossible de charger les données de l'entreprise" error={park.error} onRetry={() => void park.refetch()} testId="company-load-error" />
      ) : park.data ? (
        // key: after a profile switch the form starts again from the other park's data.
        <CompanyForm key={park.data.id} park={park.data} canEdit={can('UPDATE_PARK_INFO')} />
      ) : (
        <Skeleton h={520} radius="md" data-testid="company-loading" />
      )}

      {/* The connection reads with VIEW_DRIVERS; UPDATE_PARK_INFO changes it. */}
      {park.data && (can('VIEW_DRIVERS') || can('UPDATE_PARK_INFO')) ? (
        <WhenVisible testId="yango-connection-placeholder">
          <Suspense fallback={<Skeleton h={240} radius="md" />}>
            <YangoConnectionCard canEdit={can('UPDATE_PARK_INFO')} />
          </Suspense>
        </WhenVisible>
      ) : null}

      {/* The GPS provider's credentials read and change with UPDATE_PARK_INFO; the GPS screen's link (#gps) mounts it at once. */}
      {park.data && can('UPDATE_PARK_INFO') ? (
        window.location.hash === '#gps' ? (
          <Suspense fallback={<Skeleton h={260} radius="md" />}>
            <GpsConnectionCard canEdit />
          </Suspense>
        ) : (
          <WhenVisible testId="gps-connection-placeholder">
            <Suspense fallback={<Skeleton h={260} radius="md" />}>
              <GpsConnectionCard canEdit />
            </Suspense>
          </WhenVisible>
        )
      ) : null}

      {park.data && (canReset || canDelete) ? (
        <Stack gap="sm" data-testid="danger-zone">
          <Title order={2} fz="h4" c="red">
            Zone de danger
          </Title>
          {canReset ? <ResetAccountCard parkId={park.data.id} /> : null}
          {canDelete ? <DeleteAccountCard companyName={park.data.name} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
