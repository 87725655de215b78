import { Button, Center, EmptyState } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { TAB_VIEWS } from '@flotte/contract';
import { PERMISSION_DESCRIPTIONS } from '@flotte/contract/permission-descriptions';
import { usePermissions } from '../../features/auth/permissions.ts';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { tabViewForPath } from '../navigation.ts';
import { NotFoundContent } from './NotFoundPage.tsx';

/**
 * Any /dashboard/* path other than the home: a 404 when no tab view owns it, 'Accès refusé' when
 * the view is not granted, and an honest 'Bientôt disponible' for a granted module not built yet.
 */
export default function ModulePage() {
  const { pathname } = useLocation();
  const { ready, can } = usePermissions();
  const view = tabViewForPath(pathname);

  if (!view) {
    return (
      <Center py="xl">
        <NotFoundContent />
      </Center>
    );
  }
  if (!ready) return <RouteLoader />;

  const backHome = (
    <Button component={Link} to="/dashboard" mt="sm">
      Retour au tableau de bord
    </Button>
  );

  if (!can(view)) return <AccessDenied />;

  const { label } = TAB_VIEWS[view];
  const description = PERMISSION_DESCRIPTIONS[view];
  return (
    <Center py="xl" px="md">
      <EmptyState
        data-testid="coming-soon"
        variant="light"
        icon={<ClockIcon />}
        title="Bientôt disponible"
        description={`Le module « ${label} » (${description.replace(/\.$/, '').toLowerCase()}) arrive bientôt dans Flotte. Vous y avez déjà accès : il apparaîtra ici dès sa mise en service.`}
      >
        {backHome}
      </EmptyState>
    </Center>
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
