import { LoadError } from '../../ui/LoadError.tsx';
import { useState } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import type { TVehicleGroup } from '@flotte/contract/vehicle-groups';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { FleetTabs } from '../fleet/FleetTabs.tsx';
import { GroupCard } from './GroupCard.tsx';
import { GroupFormDialog } from './GroupFormDialog.tsx';
import { GroupVehiclesDialog } from './GroupVehiclesDialog.tsx';
import { useVehicleGroups, vehicleGroupKeys, VEHICLES_QUERY_PREFIX } from './queries.ts';
import { vehicleGroupsApi } from './vehicle-groups-api.ts';

export const GROUP_DELETED_MESSAGE = SUCCESS_MESSAGES.VEHICLE_GROUP_DELETED;

/** /dashboard/drivers/groups: the park's vehicle groups; writes need MANAGE_VEHICLE_GROUPS. */
export default function VehicleGroupsPage() {
  const { parkId } = useSession();
  const { ready, can } = usePermissions();
  const canManage = can('MANAGE_VEHICLE_GROUPS');
  const groups = useVehicleGroups(parkId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ group: TVehicleGroup | null } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TVehicleGroup | null>(null);
  // The open dialog follows the list, so adding or removing a vehicle shows at once.
  const openGroup = groups.data?.find((g) => g.id === openId) ?? null;

  const remove = useMutation({
    mutationFn: (group: TVehicleGroup) => vehicleGroupsApi.remove(group.id),
    onSuccess: () => {
      toast.success(GROUP_DELETED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all });
      void queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_PREFIX });
    },
  });

  if (!ready || !parkId) return <RouteLoader />;
  const create = () => setEditing({ group: null });
  return (
    <Stack gap="md" data-testid="vehicle-groups-page">
      <FleetTabs />
      <Group justify="space-between" gap="sm" align="flex-end">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Groupes de véhicules
          </Title>
          <Text c="dimmed" size="sm">
            Regroupez les véhicules et confiez chaque groupe à ses administrateurs.
          </Text>
        </div>
        {canManage ? (
          <Button onClick={create} data-testid="group-add">
            Nouveau groupe
          </Button>
        ) : null}
      </Group>

      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : groups.isError ? (
        <LoadError title="Impossible de charger les groupes" error={groups.error} onRetry={() => void groups.refetch()} testId="groups-error" />
      ) : groups.data.length === 0 ? (
        <EmptyPlaceholder text="Aucun groupe créé pour l'instant" action={canManage ? { label: 'Nouveau groupe', onClick: create } : undefined} testId="groups-empty" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="groups-list">
          {groups.data.map((g) => (
            <GroupCard
              key={g.id}
              group={g}
              canManage={canManage}
              onOpen={() => setOpenId(g.id)}
              onEdit={() => setEditing({ group: g })}
              onDelete={() => setDeleting(g)}
            />
          ))}
        </SimpleGrid>
      )}

      {canManage ? <GroupFormDialog opened={editing !== null} group={editing?.group ?? null} parkId={parkId} onClose={() => setEditing(null)} /> : null}
      <GroupVehiclesDialog group={openGroup} parkId={parkId} canManage={canManage} onClose={() => setOpenId(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le groupe"
        message={deleting ? `Supprimer le groupe « ${deleting.title} » ? Ses véhicules ne seront plus dans aucun groupe.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="group-delete-dialog"
      />
    </Stack>
  );
}
