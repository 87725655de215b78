import type { TFleetDetails } from '@flotte/contract/fleet-dashboard';
import { usePermissions } from '../auth/permissions.ts';
import { FleetCard } from '../fleet-dashboard/FleetCard.tsx';

/** The count of vehicles a trigger holds locked, sent with the GPS figures (read as optional until every server sends it). */
type GpsFigures = Pick<TFleetDetails, 'gps_events'> & { gps_locked_vehicles?: number | null };

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The fleet dashboard's GPS events card (issue 22 section 3): the triggers fired this month and the
 * vehicles locked now. It leads to the triggers screen for a profile that may open it.
 */
export function GpsEventsCard({ d }: { d: GpsFigures }) {
  const { can } = usePermissions();
  const fired = d.gps_events ?? 0;
  const locked = d.gps_locked_vehicles ?? 0;
  const mayOpen = can('READ_GEOLOCALISATION') && can('VIEW_VEHICLE_GPS');
  return (
    <FleetCard
      testId="card-gps-events"
      title="Événements GPS"
      value={fired}
      detail={`${plural(fired, 'déclenchement', 'déclenchements')} ce mois-ci · ${plural(locked, 'véhicule bloqué', 'véhicules bloqués')}`}
      link={mayOpen ? { to: locked > 0 ? '/dashboard/gps/triggers?tab=locked' : '/dashboard/gps/triggers', label: locked > 0 ? 'Voir les véhicules bloqués' : 'Voir les déclencheurs' } : undefined}
    />
  );
}
