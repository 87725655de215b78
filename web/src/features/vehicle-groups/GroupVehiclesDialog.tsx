import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Modal, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VEHICLE_GROUP_MESSAGES, type TVehicleGroup } from '@flotte/contract/vehicle-groups';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { ListDialog } from '../../ui/dialogs/ListDialog.tsx';
import { vehicleOptionLabel } from './group-form.ts';
import { useParkVehicles, vehicleGroupKeys, VEHICLES_QUERY_PREFIX } from './queries.ts';
import { vehicleGroupsApi, type GroupableVehicle } from './vehicle-groups-api.ts';

export const GROUP_EMPTY_TEXT = VEHICLE_GROUP_MESSAGES.empty; // "Aucun véhicules dans ce groupe pour l'instant"
export const NO_FREE_VEHICLE_TEXT = 'Tous les véhicules du parc sont déjà dans un groupe.';

export interface GroupVehiclesDialogProps {
  group: TVehicleGroup | null;
  parkId: string;
  canManage: boolean;
  onClose: () => void;
}

function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

/** A group's vehicles: remove one, or add vehicles that are in no group yet. */
export function GroupVehiclesDialog({ group, parkId, canManage, onClose }: GroupVehiclesDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const [adding, setAdding] = useState(false);
  const vehicles = useParkVehicles(parkId, group !== null && canManage);
  const free = useMemo(() => (vehicles.data ?? []).filter((v) => v.group === null), [vehicles.data]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all }),
      queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_PREFIX }),
    ]);
  const remove = useMutation({
    mutationFn: (vehicleId: string) => vehicleGroupsApi.removeVehicles([vehicleId]),
    onSuccess: refresh,
  });
  const add = useMutation({
    mutationFn: (ids: string[]) => vehicleGroupsApi.addVehicles(group!.id, ids),
    onSuccess: refresh,
  });

  return (
    <>
      <Modal opened={group !== null} onClose={onClose} title={group?.title ?? ''} size="lg" fullScreen={fullScreen} data-testid="group-vehicles-dialog">
        {group ? (
          <Stack gap="md">
            {group.description ? (
              <Text size="sm" c="dimmed">
                {group.description}
              </Text>
            ) : null}
            {group.vehicles.length === 0 ? (
              <EmptyPlaceholder
                size="sm"
                text={GROUP_EMPTY_TEXT}
                action={canManage ? { label: 'Ajouter des véhicules', onClick: () => setAdding(true) } : undefined}
                testId="group-vehicles-empty"
              />
            ) : (
              <ScrollArea.Autosize mah="min(55dvh, 480px)" type="auto" offsetScrollbars>
                <Stack gap={6} data-testid="group-vehicles-list">
                  {group.vehicles.map((v) => (
                    <Group
                      key={v.id}
                      justify="space-between"
                      wrap="nowrap"
                      px="sm"
                      py={8}
                      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
                      data-testid="group-vehicle"
                      data-vehicle-id={v.id}
                    >
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500}>
                          {v.registration_number}
                        </Text>
                        {v.label ? (
                          <Text size="xs" c="dimmed" truncate>
                            {v.label}
                          </Text>
                        ) : null}
                      </div>
                      {canManage ? (
                        <Tooltip label="Retirer du groupe">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Retirer ${v.registration_number} du groupe`}
                            loading={remove.isPending && remove.variables === v.id}
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(v.id)}
                            data-testid="group-vehicle-remove"
                          >
                            <RemoveIcon />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" data-testid="group-vehicles-count">
                {group.vehicles_count} véhicule{group.vehicles_count > 1 ? 's' : ''}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={onClose} data-testid="group-vehicles-close">
                  Fermer
                </Button>
                {canManage && group.vehicles.length > 0 ? (
                  <Button onClick={() => setAdding(true)} data-testid="group-vehicles-add">
                    Ajouter des véhicules
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <ListDialog<GroupableVehicle>
        opened={adding && group !== null}
        onClose={() => setAdding(false)}
        title="Ajouter des véhicules"
        items={free}
        loading={vehicles.isPending}
        getKey={(v) => v.id}
        searchText={(v) => vehicleOptionLabel(v)}
        renderItem={(v) => (
          <Text size="sm" truncate>
            {vehicleOptionLabel(v)}
          </Text>
        )}
        multiple
        noItemsText={NO_FREE_VEHICLE_TEXT}
        onConfirm={(picked) => add.mutateAsync(picked.map((v) => v.id))}
        searchPlaceholder="Rechercher un véhicule"
        testId="group-add-vehicles"
      />
    </>
  );
}
