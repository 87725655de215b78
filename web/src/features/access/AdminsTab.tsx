import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Avatar, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdmin } from '@flotte/contract';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { toast } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { accessApi } from './access-api.ts';
import { accessKeys } from './queries.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

// The server's success message (spec 002 section 8, typo included).
// The dialogs (and their form library) load on the first click that opens them, not with the list.
const AdminFormDialog = lazy(() => import('./AdminFormDialog.tsx').then((m) => ({ default: m.AdminFormDialog })));
const AdminPermissionsDialog = lazy(() => import('./AdminPermissionsDialog.tsx').then((m) => ({ default: m.AdminPermissionsDialog })));

export const ADMIN_REMOVED_MESSAGE = SUCCESS_MESSAGES.ADMIN_REMOVED;

const fullName = (a: TAdmin) => `${a.first_name} ${a.last_name}`.trim();
const initials = (a: TAdmin) => `${a.first_name.trim()[0] ?? ''}${a.last_name.trim()[0] ?? ''}`.toUpperCase() || '?';

/** 'Administrateurs': the park's administrators; a row opens what that person may do. */
export function AdminsTab({ parkId, canManage }: { parkId: string; canManage: boolean }) {
  const { profileId } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ admin: TAdmin | null } | null>(null);
  const [removing, setRemoving] = useState<TAdmin | null>(null);
  const [inspecting, setInspecting] = useState<TAdmin | null>(null);
  // Mounted from the first opening on, so closing still plays the dialog's transition.
  const [formMounted, setFormMounted] = useState(false);
  const [permissionsMounted, setPermissionsMounted] = useState(false);
  if (editing !== null && !formMounted) setFormMounted(true);
  if (inspecting !== null && !permissionsMounted) setPermissionsMounted(true);

  const remove = useMutation({
    mutationFn: (admin: TAdmin) => accessApi.removeAdmin(parkId, admin.profile_id),
    onSuccess: () => {
      toast.success(ADMIN_REMOVED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: accessKeys.admins() });
      void queryClient.invalidateQueries({ queryKey: accessKeys.roles() }); // admins_count
    },
  });

  const fetchPage: DataTableFetch<TAdmin> = useCallback(
    (query, signal) => accessApi.admins({ park_id: parkId, page: query.page, itemPerPage: query.itemPerPage, search: query.search }, signal),
    [parkId],
  );

  const columns = useMemo<DataTableColumn<TAdmin>[]>(
    () => [
      {
        key: 'name',
        header: 'Administrateur',
        card: 'title',
        exportValue: fullName,
        render: (a) => (
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={a.image} radius="xl" size={36} color="brand" alt="">
              {initials(a)}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={500} data-testid="admin-row-name" style={{ overflowWrap: 'anywhere' }}>
                {fullName(a)}
              </Text>
              {a.is_owner || a.invitation_pending ? (
                <Group gap={4}>
                  {a.is_owner ? (
                    <Badge size="xs" color="brand" data-testid="admin-owner-badge">
                      Propriétaire
                    </Badge>
                  ) : null}
                  {a.invitation_pending ? (
                    <Badge size="xs" color="orange" variant="light" data-testid="admin-invitation-badge">
                      Invitation envoyée
                    </Badge>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Group>
        ),
      },
      { key: 'email', header: 'Email', card: 'meta', render: (a) => a.email ?? '—', cardRender: (a) => a.email },
      { key: 'phone', header: 'Téléphone', card: 'meta', render: (a) => a.phone ?? '—', cardRender: (a) => a.phone },
      {
        key: 'roles',
        header: 'Rôles',
        card: 'status',
        exportValue: (a) => (a.is_owner ? 'Propriétaire' : a.roles.map((r) => r.name).join(', ')),
        render: (a) =>
          a.is_owner ? (
            <Text size="sm" c="dimmed">
              Toutes les permissions
            </Text>
          ) : (
            <Group gap={4} data-testid="admin-row-roles">
              {a.roles.map((r) => (
                <Badge key={r.id} variant="light" size="sm">
                  {r.name}
                </Badge>
              ))}
            </Group>
          ),
      },
      ...(canManage
        ? [
            {
              key: 'actions',
              header: '',
              exportable: false,
              align: 'right' as const,
              card: 'actions' as const,
              render: (a: TAdmin) =>
                a.is_owner ? null : (
                  // The row opens the permissions: the buttons must not.
                  <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                    <Button size="xs" variant="light" onClick={() => setEditing({ admin: a })} data-testid="admin-edit">
                      Modifier
                    </Button>
                    {a.profile_id === profileId ? null : (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(a)} data-testid="admin-remove">
                        Retirer
                      </Button>
                    )}
                  </Group>
                ),
            },
          ]
        : []),
    ],
    [canManage, profileId],
  );

  return (
    <>
      <DataTable<TAdmin>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={accessKeys.admins()}
        searchPlaceholder="Rechercher un administrateur"
        onRowClick={setInspecting}
        exportFileName="Administrateurs"
        minWidth={720}
        actions={
          canManage ? (
            <Button onClick={() => setEditing({ admin: null })} data-testid="admin-add">
              Ajouter un administrateur
            </Button>
          ) : null
        }
        testId="admins-table"
      />
      <Suspense fallback={null}>
        {formMounted ? <AdminFormDialog opened={editing !== null} admin={editing?.admin ?? null} onClose={() => setEditing(null)} /> : null}
        {permissionsMounted ? <AdminPermissionsDialog admin={inspecting} onClose={() => setInspecting(null)} /> : null}
      </Suspense>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Retirer l'administrateur"
        message={removing ? `${fullName(removing)} n'aura plus accès à ce parc et ses sessions en cours seront fermées. Continuer ?` : ''}
        confirmLabel="Retirer"
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing) : undefined)}
        testId="admin-remove-dialog"
      />
    </>
  );
}
