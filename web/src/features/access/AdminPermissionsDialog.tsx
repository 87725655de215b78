import { Alert, Badge, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TAdmin } from '@flotte/contract';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import { usePermissionCatalog, useProfilePermissions } from './queries.ts';

/** What an administrator may do, grouped like the role editor, read only. */
export function AdminPermissionsDialog({ admin, onClose }: { admin: TAdmin | null; onClose: () => void }) {
  const catalog = usePermissionCatalog();
  const permissions = useProfilePermissions(admin?.profile_id ?? null);
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const name = admin ? `${admin.first_name} ${admin.last_name}`.trim() : '';

  return (
    <Modal opened={admin !== null} onClose={onClose} title={`Permissions de ${name}`} size="xl" fullScreen={fullScreen} data-testid="admin-permissions-dialog">
      {catalog.isError || permissions.isError ? (
        <Alert color="red" title="Impossible de charger les permissions">
          <Text size="sm" mb="xs">
            {(catalog.error ?? permissions.error)?.message}
          </Text>
          <Button size="xs" variant="light" onClick={() => void Promise.all([catalog.refetch(), permissions.refetch()])}>
            Réessayer
          </Button>
        </Alert>
      ) : !catalog.data || !permissions.data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Chargement des permissions" />
        </Group>
      ) : (
        <Stack gap="md">
          {permissions.data.is_owner ? (
            <Alert color="brand" variant="light" data-testid="admin-permissions-owner">
              Propriétaire du parc : il détient toutes les permissions.
            </Alert>
          ) : (
            <Group gap={6} data-testid="admin-permissions-roles">
              <Text size="sm" c="dimmed">
                Rôles :
              </Text>
              {permissions.data.roles.length ? (
                permissions.data.roles.map((role) => (
                  <Badge key={role.id} variant="light">
                    {role.name}
                  </Badge>
                ))
              ) : (
                <Text size="sm">aucun</Text>
              )}
            </Group>
          )}
          <PermissionChecklist
            catalog={catalog.data.groups}
            value={permissions.data.is_owner ? permissions.data.effective : permissions.data.held}
            readOnly
            testId="admin-permissions"
          />
        </Stack>
      )}
    </Modal>
  );
}
