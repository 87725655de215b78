import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { VehicleDialogBody } from './VehicleDialogBody.tsx';

/** Sections a vehicle is updated by, one at a time (documents have their own dialog). */
export type VehicleSection = 'general' | 'planning' | 'recipe';

export type VehicleDialogMode =
  | { kind: 'create' }
  | { kind: 'update'; vehicleId: string; section: VehicleSection };

export interface VehicleDialogProps {
  mode: VehicleDialogMode | null;
  onClose: () => void;
  /** Called with the new vehicle once step 1 saved it (e.g. a picker selects it). */
  onCreated?: (vehicleId: string) => void;
}

/**
 * The large vehicle dialog of spec 000: the 3-step creation wizard, or one section in update mode.
 * It needs MANAGE_DRIVER_VEHICLE; without it the dialog shows the access-denied state and nothing
 * else (a 'Fermer' button lets the person go back, as the driver dialog does).
 */
export function VehicleDialog({ mode, onClose, onCreated }: VehicleDialogProps) {
  const { ready, can } = usePermissions();
  const allowed = can('MANAGE_DRIVER_VEHICLE');
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const opened = mode !== null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={!ready || !allowed ? 'Véhicule' : null}
      withCloseButton={!ready || !allowed}
      size={allowed ? '75rem' : 'lg'}
      fullScreen={allowed && fullScreen}
      closeOnClickOutside={false}
      padding={allowed ? 0 : 'md'}
      data-testid="vehicle-dialog"
    >
      {!ready || !mode ? null : !allowed ? (
        <Stack gap="sm">
          <AccessDenied backHome={false} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="vehicle-dialog-close">
              Fermer
            </Button>
          </Group>
        </Stack>
      ) : (
        // A fresh body per opening: forms, selections and drivers start again each time.
        <VehicleDialogBody key={mode.kind === 'create' ? 'create' : `${mode.vehicleId}-${mode.section}`} mode={mode} onClose={onClose} onCreated={onCreated} />
      )}
    </Modal>
  );
}
