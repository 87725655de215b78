import type { ReactNode } from 'react';
import type { Permission } from '@flotte/contract';
import { usePermissions } from '../features/auth/permissions.ts';
import { AccessDenied } from '../ui/AccessDenied.tsx';
import { RouteLoader } from '../ui/RouteLoader.tsx';

/** Renders a screen only for a profile holding its tab view (or permission); 'Accès refusé' otherwise. */
export function RequireView({ view, children }: { view: Permission; children: ReactNode }) {
  const { ready, can } = usePermissions();
  if (!ready) return <RouteLoader />;
  return can(view) ? <>{children}</> : <AccessDenied />;
}
