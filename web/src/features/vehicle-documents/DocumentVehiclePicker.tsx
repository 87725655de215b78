import { Text } from '@mantine/core';
import { ListDialog } from '../../ui/dialogs/ListDialog.tsx';
import { vehicleOptionLabel } from '../vehicle-groups/group-form.ts';
import { useParkVehicles } from '../vehicle-groups/queries.ts';
import type { GroupableVehicle } from '../vehicle-groups/vehicle-groups-api.ts';

/** Spec wording (000 section 2 'Vehicle and driver pickers'). */
export const VEHICLE_PICKER_TITLE = 'Sélectionner un véhicule';
export const NO_VEHICLE_TEXT = 'Aucun véhicule créé pour l’instant';

export interface DocumentVehiclePickerProps {
  opened: boolean;
  parkId: string;
  onClose: () => void;
  onPick: (vehicle: GroupableVehicle) => void;
}

/** Which vehicle a new document belongs to, when it is added from the documents screen. */
export function DocumentVehiclePicker({ opened, parkId, onClose, onPick }: DocumentVehiclePickerProps) {
  const vehicles = useParkVehicles(parkId, opened);
  return (
    <ListDialog<GroupableVehicle>
      opened={opened}
      onClose={onClose}
      title={VEHICLE_PICKER_TITLE}
      items={vehicles.data ?? []}
      loading={vehicles.isPending}
      getKey={(v) => v.id}
      searchText={vehicleOptionLabel}
      renderItem={(v) => (
        <Text size="sm" truncate>
          {vehicleOptionLabel(v)}
        </Text>
      )}
      noItemsText={NO_VEHICLE_TEXT}
      onConfirm={([v]) => onPick(v!)}
      searchPlaceholder="Rechercher un véhicule"
      testId="document-vehicle-picker"
    />
  );
}
