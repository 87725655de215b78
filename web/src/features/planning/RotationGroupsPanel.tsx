import { LoadError } from '../../ui/LoadError.tsx';
import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PLANNING_SUCCESS } from '@flotte/contract/planning';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { toast } from '../../ui/toast.ts';
import { driverName, vehicleLabel } from './planning-entries.ts';
import { planningApi } from './planning-api.ts';
import type { TRotationGroup } from './planning-types.ts';
import { planningKeys, useRotationGroups } from './queries.ts';
import { ROTATION_PLANNING_LABELS } from './rotation-form.ts';
import { RotationGroupFormDialog } from './RotationGroupFormDialog.tsx';
import { PHONE_QUERY } from './schedule-period.ts';

export interface RotationGroupsPanelProps {
  parkId: string;
  /** MANAGE_DRIVER_VEHICLE: create, edit and delete. */
  canManage: boolean;
}

/** 'Groupes de rotation': each group's vehicles with their principal and interim drivers. */
export function RotationGroupsPanel({ parkId, canManage }: RotationGroupsPanelProps) {
  const groups = useRotationGroups(parkId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ group: TRotationGroup | null } | null>(null);
  const [deleting, setDeleting] = useState<TRotationGroup | null>(null);

  const remove = useMutation({
    mutationFn: (group: TRotationGroup) => planningApi.deleteRotationGroup(group.id),
    onSuccess: () => {
      toast.success(PLANNING_SUCCESS.rotationDeleted);
      void queryClient.invalidateQueries({ queryKey: planningKeys.all });
    },
  });
  const create = () => setEditing({ group: null });

  return (
    <Stack gap="md" data-testid="rotation-groups">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Text c="dimmed" size="sm" maw={560}>
          Chaque véhicule d’un groupe a son chauffeur principal et un intérimaire qui prend le véhicule quand le principal ne peut pas conduire.
        </Text>
        {canManage ? (
          <Button onClick={create} data-testid="rotation-add">
            Nouveau groupe de rotation
          </Button>
        ) : null}
      </Group>

      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} h={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : groups.isError ? (
        <LoadError title="Impossible de charger les groupes de rotation" error={groups.error} onRetry={() => void groups.refetch()} testId="rotation-error" />
      ) : groups.data.length === 0 ? (
        <EmptyPlaceholder
          text="Aucun groupe de rotation pour l'instant"
          action={canManage ? { label: 'Nouveau groupe de rotation', onClick: create } : undefined}
          testId="rotation-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {groups.data.map((g) => (
            <RotationGroupCard key={g.id} group={g} canManage={canManage} onEdit={() => setEditing({ group: g })} onDelete={() => setDeleting(g)} />
          ))}
        </SimpleGrid>
      )}

      {canManage ? (
        <RotationGroupFormDialog opened={editing !== null} group={editing?.group ?? null} parkId={parkId} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le groupe de rotation"
        message={deleting ? `Supprimer le groupe « ${deleting.name} » ? Ses véhicules et chauffeurs ne sont pas supprimés.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="rotation-delete-dialog"
      />
    </Stack>
  );
}

function RotationGroupCard({ group, canManage, onEdit, onDelete }: { group: TRotationGroup; canManage: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="rotation-card" data-name={group.name}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {group.name}
          </Text>
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {ROTATION_PLANNING_LABELS[group.planning]}
          </Badge>
        </Group>
        <Group gap={6}>
          <Badge variant="light" color={group.checking ? 'teal' : 'gray'} tt="none">
            Contrôle : {group.checking ? 'oui' : 'non'}
          </Badge>
          <Badge variant="light" color={group.collection ? 'teal' : 'gray'} tt="none">
            Encaissement : {group.collection ? 'oui' : 'non'}
          </Badge>
          <Badge variant="light" color="gray" tt="none">
            {group.vehicles.length} véhicule{group.vehicles.length > 1 ? 's' : ''}
          </Badge>
        </Group>
        <GroupVehicles vehicles={group.vehicles} />
        {canManage ? (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} data-testid="rotation-edit">
              Modifier
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onDelete} data-testid="rotation-delete">
              Supprimer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

type GroupVehicle = TRotationGroup['vehicles'][number];

/**
 * The group's vehicles: a table on a computer; on a phone each vehicle is a small block with its
 * two drivers under it, which a 360 px screen reads without scrolling sideways.
 */
function GroupVehicles({ vehicles }: { vehicles: GroupVehicle[] }) {
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  if (phone) {
    return (
      <Stack gap={0} data-testid="rotation-card-vehicles">
        {vehicles.map((v) => (
          <Stack key={v.vehicle.id} gap={0} py={6} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="rotation-card-vehicle">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {vehicleLabel(v.vehicle)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="sm">
                Principal :{' '}
              </Text>
              {driverName(v.principal_driver) || '—'}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" size="sm">
                Intérimaire :{' '}
              </Text>
              {driverName(v.interim_driver) || '—'}
            </Text>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing={4} fz="sm" data-testid="rotation-card-vehicles">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Véhicule</Table.Th>
          <Table.Th>Principal</Table.Th>
          <Table.Th>Intérimaire</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vehicles.map((v) => (
          <Table.Tr key={v.vehicle.id}>
            <Table.Td>{vehicleLabel(v.vehicle)}</Table.Td>
            <Table.Td>{driverName(v.principal_driver) || '—'}</Table.Td>
            <Table.Td>{driverName(v.interim_driver) || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
