import { Button, Center, EmptyState } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ErrorCodes, TAB_VIEWS } from '@flotte/contract';
import { useCurrentUser } from '../../features/auth/queries.ts';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { tabViewForPath } from '../navigation.ts';
import { NotFoundContent } from './NotFoundPage.tsx';

export const ACCESS_DENIED_MESSAGE = ErrorCodes.FORBIDDEN.message; // spec wording, typo included

/**
 * Any /dashboard/* path other than the home: a 404 when no tab view owns it, 'Accès refusé' when
 * the view is not granted, and an honest 'Bientôt disponible' for a granted module not built yet.
 */
export default function ModulePage() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const view = tabViewForPath(pathname);

  if (!view) {
    return (
      <Center py="xl">
        <NotFoundContent />
      </Center>
    );
  }
  if (!user.data) return <RouteLoader />;

  const backHome = (
    <Button component={Link} to="/dashboard" mt="sm">
      Retour au tableau de bord
    </Button>
  );

  if (!user.data.permissions.includes(view)) {
    return (
      <Center py="xl" px="md">
        <EmptyState
          data-testid="access-denied"
          variant="light"
          color="red"
          icon={<LockIcon />}
          title="Accès refusé"
          description={ACCESS_DENIED_MESSAGE}
        >
          {backHome}
        </EmptyState>
      </Center>
    );
  }

  const { label, description } = TAB_VIEWS[view];
  return (
    <Center py="xl" px="md">
      <EmptyState
        data-testid="coming-soon"
        variant="light"
        icon={<ClockIcon />}
        title="Bientôt disponible"
        description={`Le module « ${label} » (${description.replace(/\.$/, '').toLowerCase()}) arrive bientôt dans Flotte. Vous y avez déjà accès : il apparaîtra ici dès sa mise en service.`}
      >
        {backHome}
      </EmptyState>
    </Center>
  );
}

function LockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 3" />
    </svg>
  );
}
