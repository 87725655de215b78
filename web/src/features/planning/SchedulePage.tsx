import { lazy, Suspense, useMemo } from 'react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CalendarPanel } from './CalendarPanel.tsx';
import type { PlanningScope } from './planning-api.ts';
import { isScheduleView, type ScheduleView } from './schedule-period.ts';

// The rotation groups tab loads when opened.
const RotationGroupsPanel = lazy(() => import('./RotationGroupsPanel.tsx').then((m) => ({ default: m.RotationGroupsPanel })));

const TABS = [
  { value: 'calendar', label: 'Calendrier' },
  { value: 'rotation', label: 'Groupes de rotation' },
] as const;
type ScheduleTab = (typeof TABS)[number]['value'];

/**
 * /dashboard/schedule (tab view VIEW_PLANNING): the planning calendar of the park, of one vehicle
 * (?vehicle_id=, its work programme, reached from the vehicle's 'Voir le programme de travail')
 * or of one driver (?driver_id=), and the rotation groups (?tab=rotation). The view (?view=) is
 * in the URL too, so a reload or a shared link lands on the same screen.
 */
export default function SchedulePage() {
  const { parkId } = useSession();
  const park = useActingPark();
  const { ready, can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const timeZone = park?.time_zone ?? null;
  const today = useMemo(() => parkToday(timeZone), [timeZone]);

  const vehicleId = params.get('vehicle_id');
  const driverId = params.get('driver_id');
  const scope = useMemo<PlanningScope | null>(() => {
    if (vehicleId) return { kind: 'vehicle', id: vehicleId };
    if (driverId) return { kind: 'driver', id: driverId };
    return parkId ? { kind: 'park', parkId } : null;
  }, [vehicleId, driverId, parkId]);
  const tab: ScheduleTab = params.get('tab') === 'rotation' ? 'rotation' : 'calendar';
  const viewParam = params.get('view');
  const view: ScheduleView = isScheduleView(viewParam) ? viewParam : 'month';

  /** Changes some URL parameters, keeping the others (null removes one). */
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  if (!ready || !parkId || !scope) return <RouteLoader />;
  const canManage = can('MANAGE_DRIVER_VEHICLE');
  const subtitle =
    scope.kind === 'vehicle'
      ? 'Le programme de travail du véhicule : qui le conduit, quand.'
      : scope.kind === 'driver'
        ? 'Le planning du chauffeur : quel véhicule, quand.'
        : 'Qui conduit quel véhicule, quand ; les entretiens en jaune.';

  return (
    <Stack gap="md" data-testid="schedule-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {tab === 'calendar' && scope.kind === 'vehicle' ? 'Programme de travail' : 'Planning'}
        </Title>
        <Text c="dimmed" size="sm">
          {tab === 'calendar' ? subtitle : 'Les groupes de véhicules planifiés ensemble, avec leurs chauffeurs principaux et intérimaires.'}
        </Text>
      </div>
      <Tabs value={tab} onChange={(v) => v && update({ tab: v === 'calendar' ? null : v })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`schedule-tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="calendar">
          <CalendarPanel
            parkId={parkId}
            scope={scope}
            onScopeChange={(next) =>
              update({ vehicle_id: next?.kind === 'vehicle' ? next.id : null, driver_id: next?.kind === 'driver' ? next.id : null })
            }
            view={view}
            onViewChange={(v) => update({ view: v === 'month' ? null : v })}
            today={today}
            canGenerate={canManage}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rotation">
          <Suspense fallback={<RouteLoader />}>
            <RotationGroupsPanel parkId={parkId} canManage={canManage} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
