import { LoadError } from '../../ui/LoadError.tsx';
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expandPermissions, type TRole } from '@flotte/contract';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { toast } from '../../ui/toast.ts';
import { accessApi } from './access-api.ts';
import { accessKeys, useRoles } from './queries.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

export const ROLE_DELETED_MESSAGE = SUCCESS_MESSAGES.ROLE_DELETED;

function plural(n: number, one: string, many: string) {
  return `${n} ${n > 1 ? many : one}`;
}

/** 'Rôles': each role with what it grants and who holds it; add, edit, delete for MANAGE_ACCESS. */
// The role form (and its form library) loads on the first click that opens it, not with the list.
const RoleFormDialog = lazy(() => import('./RoleFormDialog.tsx').then((m) => ({ default: m.RoleFormDialog })));

export function RolesTab({ canManage }: { canManage: boolean }) {
  const roles = useRoles();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ role: TRole | null } | null>(null);
  const [deleting, setDeleting] = useState<TRole | null>(null);
  // Mounted from the first opening on, so closing still plays the dialog's transition.
  const [formMounted, setFormMounted] = useState(false);
  if (editing !== null && !formMounted) setFormMounted(true);
  const remove = useMutation({
    mutationFn: (role: TRole) => accessApi.deleteRole(role.id),
    onSuccess: () => {
      toast.success(ROLE_DELETED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: accessKeys.roles() });
    },
  });

  return (
    <Stack gap="md" data-testid="roles-tab">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Un rôle regroupe des permissions ; chaque administrateur reçoit un ou plusieurs rôles.
        </Text>
        {canManage ? (
          <Button onClick={() => setEditing({ role: null })} data-testid="role-add">
            Nouveau rôle
          </Button>
        ) : null}
      </Group>

      {roles.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : roles.isError ? (
        <LoadError title="Impossible de charger les rôles" error={roles.error} onRetry={() => void roles.refetch()} testId="roles-error" />
      ) : roles.data.length === 0 ? (
        <EmptyPlaceholder
          text="Aucun rôle créé pour l'instant"
          action={canManage ? { label: 'Nouveau rôle', onClick: () => setEditing({ role: null }) } : undefined}
          testId="roles-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="roles-list">
          {roles.data.map((role) => (
            <Card key={role.id} withBorder radius="md" padding="md" data-testid="role-card" data-role-name={role.name}>
              <Stack gap="xs" h="100%">
                <Text fw={600} data-testid="role-card-name" style={{ overflowWrap: 'anywhere' }}>
                  {role.name}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
                  {role.description || 'Aucune description'}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" data-testid="role-card-permissions">
                    {plural(expandPermissions(role.permissions).size, 'permission', 'permissions')}
                  </Badge>
                  <Badge variant="light" color="gray" data-testid="role-card-admins">
                    {plural(role.admins_count, 'administrateur', 'administrateurs')}
                  </Badge>
                </Group>
                {canManage ? (
                  <Group gap="xs" mt={4}>
                    <Button size="xs" variant="light" onClick={() => setEditing({ role })} data-testid="role-edit">
                      Modifier
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(role)} data-testid="role-delete">
                      Supprimer
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Suspense fallback={null}>
        {formMounted ? <RoleFormDialog opened={editing !== null} role={editing?.role ?? null} onClose={() => setEditing(null)} /> : null}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le rôle"
        message={deleting ? `Supprimer le rôle « ${deleting.name} » ? Cette action est irréversible.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="role-delete-dialog"
      />
    </Stack>
  );
}
