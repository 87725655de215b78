import { lazy, Suspense, useMemo, useState } from 'react';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TVehicleListItem, TVehicleStatus } from '@flotte/contract/vehicles';
import { ListDialog } from '../../ui/dialogs/ListDialog.tsx';
import type { ListFilter, ListSort } from '../../ui/dialogs/list-filter.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { vehicleKeys } from './queries.ts';
import { vehiclesApi } from './vehicles-api.ts';
import { brandModel } from './vehicle-status.ts';
import { VehicleStatusDot } from './VehicleStatusDot.tsx';

/** Spec wording (000 section 2 'Vehicle and driver pickers', spelled as french.md corrects it). */
export const VEHICLE_PICKER_TITLE = 'Sélectionner un véhicule';
export const NO_VEHICLE_TEXT = 'Aucun véhicule créé pour l’instant';
export const CREATE_VEHICLE_LABEL = 'Créer un véhicule';

// The creation wizard downloads only when someone creates a vehicle from the picker.
const VehicleDialog = lazy(() => import('./VehicleDialog.tsx').then((m) => ({ default: m.VehicleDialog })));

/** A park has tens of vehicles, rarely hundreds: one page of 1000 holds them all. */
const ALL_VEHICLES = 1000;

export type PickedVehicle = TVehicleListItem;

export interface VehiclePickerProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (vehicles: PickedVehicle[]) => unknown;
  multiple?: boolean;
  /** Vehicles selected when the picker opens. */
  value?: readonly string[];
  /** Only vehicles with this stored status (e.g. 'active'). */
  status?: TVehicleStatus;
  /** yyyy-MM-dd: only active vehicles no planning makes work that day. */
  availableOnDate?: string;
  /** Vehicles not to offer (already chosen elsewhere). */
  excludeIds?: readonly string[];
  /** Offers 'Créer un véhicule' under an empty list (default true). */
  allowCreate?: boolean;
}

const filters: ListFilter<PickedVehicle>[] = [
  { value: 'enable', label: 'Actifs', test: (v) => v.status !== 'deactivated' },
  { value: 'disabled', label: 'Désactivés', test: (v) => v.status === 'deactivated' },
];
const sorts: ListSort<PickedVehicle>[] = [
  { value: 'plate', label: 'Immatriculation', compare: (a, b) => a.registration_number.localeCompare(b.registration_number, 'fr') },
  { value: 'name', label: 'Nom', compare: (a, b) => (a.label || brandModel(a)).localeCompare(b.label || brandModel(b), 'fr') },
];

/**
 * 'Sélectionner un véhicule': one or several vehicles of the park, searchable by plate, label,
 * brand, model or driver; an empty park offers to create one, which is then selected.
 */
export function VehiclePicker({ opened, onClose, onConfirm, multiple = false, value, status, availableOnDate, excludeIds = [], allowCreate = true }: VehiclePickerProps) {
  const { parkId } = useSession();
  // Creating needs MANAGE_DRIVER_VEHICLE: without it the offer is not made (the dialog would only refuse).
  const mayCreate = usePermissions().can('MANAGE_DRIVER_VEHICLE');
  const [creating, setCreating] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...vehicleKeys.picker(parkId), status ?? null, availableOnDate ?? null],
    queryFn: ({ signal }) =>
      vehiclesApi.list({ park_id: parkId!, page: 1, itemPerPage: ALL_VEHICLES, status, available_on_date: availableOnDate }, signal),
    enabled: opened && !!parkId,
  });
  const excluded = excludeIds.join(',');
  const items = useMemo(() => {
    const skip = new Set(excluded ? excluded.split(',') : []);
    return (query.data?.items ?? []).filter((v) => !skip.has(v.id));
  }, [query.data, excluded]);
  const selected = createdId ? [...(multiple ? (value ?? []) : []), createdId] : value;

  return (
    <>
      <ListDialog<PickedVehicle>
        opened={opened && !creating}
        onClose={() => {
          setCreatedId(null);
          onClose();
        }}
        title={VEHICLE_PICKER_TITLE}
        items={items}
        getKey={(v) => v.id}
        searchText={(v) =>
          [v.registration_number, v.label, brandModel(v), v.current_driver ? `${v.current_driver.first_name} ${v.current_driver.last_name}` : ''].join(' ')
        }
        filters={status || availableOnDate ? [] : filters}
        sorts={sorts}
        multiple={multiple}
        value={selected}
        loading={opened && query.isPending}
        noItemsText={NO_VEHICLE_TEXT}
        noItemsAction={allowCreate && mayCreate ? { label: CREATE_VEHICLE_LABEL, onClick: () => setCreating(true) } : undefined}
        onConfirm={(picked) => {
          setCreatedId(null);
          return onConfirm(picked);
        }}
        searchPlaceholder="Rechercher un véhicule"
        renderItem={(v) => (
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={v.image} radius="md" size="md" alt="" color="brand">
                {v.registration_number.slice(0, 2)}
              </Avatar>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {v.registration_number}
                  {v.label || brandModel(v) ? ` · ${v.label || brandModel(v)}` : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {v.current_driver ? `${v.current_driver.first_name} ${v.current_driver.last_name}` : 'Sans chauffeur aujourd’hui'}
                </Text>
              </Stack>
            </Group>
            <VehicleStatusDot status={v.display_status} withLabel={false} />
          </Group>
        )}
        testId="vehicle-picker"
      />
      {allowCreate && (creating || createdId) ? (
        <Suspense fallback={null}>
          <VehicleDialog mode={creating ? { kind: 'create' } : null} onClose={() => setCreating(false)} onCreated={(id) => setCreatedId(id)} />
        </Suspense>
      ) : null}
    </>
  );
}
