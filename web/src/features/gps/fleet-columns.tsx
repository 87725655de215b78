import { Badge, Group, Text } from '@mantine/core';
import type { TGpsFleetEntry } from '@flotte/contract/gps';
import type { DataTableColumn } from '../../ui/data-table/types.ts';
import { formatCoordinates, formatFixAge, formatSpeed, GPS_STATE_COLORS, stateLabel, vehicleName } from './gps-display.ts';

export function StateBadge({ entry }: { entry: Pick<TGpsFleetEntry, 'state' | 'locked'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={GPS_STATE_COLORS[entry.state].mantine} variant="light" data-testid="gps-state" data-state={entry.state}>
        {stateLabel(entry.state)}
      </Badge>
      {entry.locked ? (
        <Badge color="red" variant="filled" data-testid="gps-locked">
          Bloqué
        </Badge>
      ) : null}
    </Group>
  );
}

const place = (e: TGpsFleetEntry) => (e.position ? (e.position.address ?? formatCoordinates(e.position.latitude, e.position.longitude)) : null);

/** The fleet list: a table on a computer, one card per vehicle on a phone. */
export const FLEET_COLUMNS: DataTableColumn<TGpsFleetEntry>[] = [
  {
    key: 'vehicle',
    header: 'Véhicule',
    card: 'title',
    sortable: true,
    render: (e) => (
      <div>
        <Text size="sm" fw={600} ff="monospace" data-testid="gps-vehicle-name">
          {vehicleName(e.vehicle)}
        </Text>
        {e.vehicle.label && e.vehicle.registration_number ? (
          <Text size="xs" c="dimmed">
            {e.vehicle.label}
          </Text>
        ) : null}
      </div>
    ),
    cardRender: (e) => (e.vehicle.label && e.vehicle.registration_number ? `${e.vehicle.registration_number} · ${e.vehicle.label}` : vehicleName(e.vehicle)),
  },
  { key: 'state', header: 'État', card: 'status', render: (e) => <StateBadge entry={e} /> },
  {
    key: 'speed',
    header: 'Vitesse',
    card: 'amount',
    align: 'right',
    sortable: true,
    render: (e) => (e.position ? formatSpeed(e.position.speed) : '—'),
    cardRender: (e) => (e.position ? formatSpeed(e.position.speed) : null),
  },
  {
    key: 'age',
    header: 'Dernière position',
    card: 'date',
    sortable: true,
    render: (e) => (e.position ? formatFixAge(e.position.age_seconds) : '—'),
    cardRender: (e) => (e.position ? formatFixAge(e.position.age_seconds) : null),
  },
  { key: 'driver', header: 'Chauffeur', card: 'subtitle', render: (e) => e.vehicle.driver_name ?? 'Aucun chauffeur' },
  {
    key: 'place',
    header: 'Adresse',
    card: 'meta',
    render: (e) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {place(e) ?? '—'}
      </Text>
    ),
    cardRender: (e) => place(e),
  },
];

/** Sorts the way the table's column headers ask (the list is the one answer of GET /gps/fleet). */
export function sortBy(entries: TGpsFleetEntry[], key: string, direction: 'asc' | 'desc'): TGpsFleetEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Without a position: the slowest, and the oldest.
  const value = (e: TGpsFleetEntry): number | string =>
    key === 'speed' ? (e.position?.speed ?? -1) : key === 'age' ? (e.position?.age_seconds ?? Number.MAX_SAFE_INTEGER) : vehicleName(e.vehicle);
  return [...entries].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    return sign * (typeof x === 'string' ? x.localeCompare(String(y), 'fr') : x - (y as number));
  });
}
