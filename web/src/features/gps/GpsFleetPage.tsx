import { useCallback, useMemo } from 'react';
import { Alert, Badge, Button, Center, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { GPS_MESSAGES, GPS_VEHICLE_STATES, type TGpsFleetEntry } from '@flotte/contract/gps';
import type { Page } from '@flotte/contract';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableFetch } from '../../ui/data-table/types.ts';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { FleetMap, type FleetMapMarker } from '../../ui/map/index.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { FLEET_COLUMNS, sortBy } from './fleet-columns.tsx';
import { gpsKeys, useGpsFleet } from './gps-api.ts';
import { formatFixAge, formatSpeed, GPS_STATE_COLORS, matchesFleetSearch, sortFleet, stateColor, stateLabel, vehicleName } from './gps-display.ts';
import { GpsTabs } from './GpsTabs.tsx';

const MAP_STATES = ['moving', 'stopped', 'offline'] as const;

function markerOf(e: TGpsFleetEntry): FleetMapMarker | null {
  if (!e.position) return null;
  const parts = [vehicleName(e.vehicle), stateLabel(e.state), formatSpeed(e.position.speed), formatFixAge(e.position.age_seconds)];
  if (e.vehicle.driver_name) parts.push(e.vehicle.driver_name);
  if (e.locked) parts.push('Bloqué');
  return {
    id: e.vehicle.id,
    latitude: e.position.latitude,
    longitude: e.position.longitude,
    label: vehicleName(e.vehicle),
    color: stateColor(e.state),
    title: parts.join(' · '),
    alert: e.locked,
  };
}

/**
 * /dashboard/gps/vehicles (tab view VIEW_VEHICLE_GPS, READ_GEOLOCALISATION): each vehicle's last
 * position on a map and in a list (state, speed, age of the fix, driver), asked again every 30 s
 * while the screen is visible. A tap on a vehicle opens its day.
 */
export default function GpsFleetPage() {
  const { can } = usePermissions();
  if (!can('READ_GEOLOCALISATION')) return <AccessDenied />;
  return <FleetScreen />;
}

function FleetScreen() {
  const { can } = usePermissions();
  const fleet = useGpsFleet();
  const { parkId } = useSession();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const data = fleet.data;
  const entries = useMemo(() => sortFleet(data?.vehicles ?? []), [data]);
  const markers = useMemo(() => entries.flatMap((e) => markerOf(e) ?? []), [entries]);
  const counts = useMemo(() => Object.fromEntries(GPS_VEHICLE_STATES.map((s) => [s, entries.filter((e) => e.state === s).length])), [entries]);
  const open = useCallback((id: string) => navigate(`/dashboard/gps/vehicles/${id}`), [navigate]);

  // The list pages over the one answer (no second request): search, sort and pages happen here.
  const fetchPage: DataTableFetch<TGpsFleetEntry> = useCallback(
    async (query) => {
      const found = entries.filter((e) => matchesFleetSearch(e, query.search));
      const sorted = query.sort ? sortBy(found, query.sort.key, query.sort.direction) : found;
      const start = (query.page - 1) * query.itemPerPage;
      return { items: sorted.slice(start, start + query.itemPerPage), meta: { page: query.page, itemPerPage: query.itemPerPage, total: found.length } } satisfies Page<TGpsFleetEntry>;
    },
    [entries],
  );

  return (
    <Stack gap="md" data-testid="gps-fleet-page">
      <GpsTabs />
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          GPS véhicules
        </Title>
        <Text c="dimmed" size="sm">
          La dernière position de chaque véhicule, mise à jour toutes les 30 secondes.
        </Text>
      </div>

      {fleet.isError ? (
        <LoadError title="Impossible de charger les positions" error={fleet.error} onRetry={() => void fleet.refetch()} testId="gps-fleet-error" />
      ) : !data ? (
        <Stack gap="md" data-testid="gps-fleet-loading">
          <Skeleton h={phone ? 280 : 420} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : !data.connected ? (
        <NotConnected canConfigure={can('UPDATE_PARK_INFO')} />
      ) : (
        <>
          {!data.provider_ok ? (
            <Alert color="yellow" title="Positions indisponibles" data-testid="gps-provider-down">
              {GPS_MESSAGES.providerDown}
            </Alert>
          ) : null}
          <FleetMap
            markers={markers}
            onMarkerClick={open}
            height={phone ? 280 : 420}
            label={`Carte de la flotte : ${markers.length} véhicule${markers.length > 1 ? 's' : ''} positionné${markers.length > 1 ? 's' : ''}`}
            testId="gps-fleet-map"
          />
          <Group gap="xs" data-testid="gps-fleet-legend">
            {MAP_STATES.map((s) => (
              <Badge key={s} variant="light" color={GPS_STATE_COLORS[s].mantine} leftSection={<Dot color={stateColor(s)} />}>
                {stateLabel(s)} : {counts[s] ?? 0}
              </Badge>
            ))}
            {(counts.no_position ?? 0) + (counts.no_device ?? 0) > 0 ? (
              <Badge variant="light" color="gray">
                Sans position : {(counts.no_position ?? 0) + (counts.no_device ?? 0)}
              </Badge>
            ) : null}
          </Group>
          <DataTable<TGpsFleetEntry>
            columns={FLEET_COLUMNS}
            fetchPage={fetchPage}
            // The answer's time in the key: each refresh pages the new positions.
            queryKey={[...gpsKeys.fleetList(parkId), fleet.dataUpdatedAt]}
            getRowId={(e) => e.vehicle.id}
            onRowClick={(e) => open(e.vehicle.id)}
            searchPlaceholder="Rechercher un véhicule ou un chauffeur"
            defaultPageSize={20}
            emptyText="Aucun véhicule dans ce parc"
            minWidth={720}
            testId="gps-fleet-list"
          />
        </>
      )}
    </Stack>
  );
}

function Dot({ color }: { color: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: color }} />;
}

/** No provider yet: say so, and where it is set (the company profile) for whoever may set it. */
function NotConnected({ canConfigure }: { canConfigure: boolean }) {
  return (
    <Center py="xl" px="md">
      <EmptyState
        data-testid="gps-not-connected"
        variant="light"
        title={GPS_MESSAGES.notConnected}
        description={
          canConfigure
            ? "Renseignez votre fournisseur GPS (flespi ou Traccar) dans le profil de l'entreprise, puis le numéro GPS de chaque véhicule."
            : "Le propriétaire du parc peut le renseigner dans le profil de l'entreprise."
        }
        icon={<PinIcon />}
      >
        {canConfigure ? (
          <Button component={Link} to="/dashboard/company#gps" mt="sm" data-testid="gps-configure">
            Profil de l'entreprise
          </Button>
        ) : null}
      </EmptyState>
    </Center>
  );
}

function PinIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}
