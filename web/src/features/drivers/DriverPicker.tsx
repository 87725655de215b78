import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DRIVER_STATUSES } from '@flotte/contract';
import { ListDialog } from '../../ui/dialogs/ListDialog.tsx';
import type { ListFilter } from '../../ui/dialogs/list-filter.ts';
import { toast } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { driversApi, type DriverSummary } from './drivers-api.ts';
import { DRIVER_STATUS_LABELS, DriverStatusBadge } from './DriverStatusBadge.tsx';
import { driverKeys } from './queries.ts';

export type PickedDriver = Pick<DriverSummary, 'id' | 'first_name' | 'last_name' | 'phone' | 'image'>;

export interface DriverPickerProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (drivers: PickedDriver[]) => unknown;
  multiple?: boolean;
  /** Multiple mode: at most this many may be chosen (the confirm button refuses more). */
  max?: number;
  /** Only active drivers (suspended and deactivated ones can't be assigned). */
  assignableOnly?: boolean;
  /** Drivers already chosen elsewhere (e.g. the other driver of the vehicle). */
  excludeIds?: readonly string[];
  /** Drivers selected when the dialog opens. */
  value?: readonly string[];
}

/** Without `assignableOnly` every driver shows; these narrow the list by status. */
const STATUS_FILTERS: ListFilter<DriverSummary>[] = DRIVER_STATUSES.map((status) => ({
  value: status,
  label: DRIVER_STATUS_LABELS[status],
  test: (d) => d.status === status,
}));

/** A park has tens of drivers, rarely hundreds: one page of 1000 holds them all. */
const ALL_DRIVERS_PAGE = 1000;

/** 'Sélectionnez le chauffeur': one or several drivers of the park, searchable by name or phone. */
export function DriverPicker({ opened, onClose, onConfirm, multiple = false, max, assignableOnly = false, excludeIds = [], value }: DriverPickerProps) {
  const { parkId } = useSession();
  const query = useQuery({
    queryKey: driverKeys.picker(parkId, assignableOnly),
    queryFn: ({ signal }) =>
      driversApi.list<DriverSummary>({ park_id: parkId!, page: 1, itemPerPage: ALL_DRIVERS_PAGE, can_assign: assignableOnly || undefined }, signal),
    enabled: opened && !!parkId,
  });
  const excluded = excludeIds.join(',');
  const items = useMemo(() => {
    const skip = new Set(excluded ? excluded.split(',') : []);
    return (query.data?.items ?? []).filter((d) => !skip.has(d.id));
  }, [query.data, excluded]);

  return (
    <ListDialog<DriverSummary>
      opened={opened}
      onClose={onClose}
      title="Sélectionnez le chauffeur"
      items={items}
      getKey={(d) => d.id}
      searchText={(d) => `${d.last_name} ${d.first_name} ${d.phone ?? ''}`}
      sorts={[{ value: 'name', label: 'Nom', compare: (a, b) => fullName(a).localeCompare(fullName(b), 'fr') }]}
      filters={assignableOnly ? undefined : STATUS_FILTERS}
      multiple={multiple}
      value={value}
      loading={query.isPending && opened}
      noItemsText="Aucun chauffeur pour l’instant"
      onConfirm={(selected) => {
        if (max !== undefined && selected.length > max) {
          // Spec 000 section 5 wording; throwing keeps the dialog open with the choice intact.
          toast.error(`Nombre maximum de chauffeurs atteint (${max})`);
          throw new Error('too many drivers');
        }
        return onConfirm(selected.map(({ id, first_name, last_name, phone, image }) => ({ id, first_name, last_name, phone, image })));
      }}
      renderItem={(d) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={d.image} radius="xl" size="sm" name={`${d.first_name} ${d.last_name}`} color="initials" />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} truncate>
              {fullName(d)}
            </Text>
            {d.phone ? (
              <Text size="xs" c="dimmed">
                {d.phone}
              </Text>
            ) : null}
          </Stack>
          {d.status && d.status !== 'active' ? <DriverStatusBadge status={d.status} /> : null}
        </Group>
      )}
      testId="driver-picker"
    />
  );
}

function fullName(d: Pick<DriverSummary, 'first_name' | 'last_name'>): string {
  return `${d.last_name} ${d.first_name}`.trim();
}
