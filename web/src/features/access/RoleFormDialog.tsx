import { useEffect } from 'react';
import { Alert, Button, Group, Input, Loader, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ErrorCodes, ZRoleInput, type TRole, type TRoleInput, type TRoleInputParsed } from '@flotte/contract';
import { toast } from '../../ui/toast.ts';
import { authKeys } from '../auth/queries.ts';
import { accessApi } from './access-api.ts';
import { showFieldAwareError } from './conflict-errors.ts';
import { PermissionChecklist } from './PermissionChecklist.tsx';
import { accessKeys, usePermissionCatalog } from './queries.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

// The server's success messages (spec 002 section 8's wording, spelled as french.md corrects it).
export const ROLE_ADDED_MESSAGE = SUCCESS_MESSAGES.ROLE_ADDED;
export const ROLE_UPDATED_MESSAGE = SUCCESS_MESSAGES.ROLE_UPDATED;

const FIELDS = ['name', 'description', 'permissions'] as const;

function defaults(role: TRole | null): TRoleInput {
  return { name: role?.name ?? '', description: role?.description ?? '', permissions: role?.permissions ?? [] };
}

/** 'Nouveau rôle' / 'Modifier le rôle': name, description and the permissions it grants. */
export function RoleFormDialog({ opened, role, onClose }: { opened: boolean; role: TRole | null; onClose: () => void }) {
  const catalog = usePermissionCatalog();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const { register, control, handleSubmit, setError, reset, formState } = useForm<TRoleInput, unknown, TRoleInputParsed>({
    resolver: zodResolver(ZRoleInput),
    defaultValues: defaults(role),
  });

  useEffect(() => {
    if (opened) reset(defaults(role));
  }, [opened, role, reset]);

  const save = useMutation({
    mutationFn: (body: TRoleInputParsed) => (role ? accessApi.updateRole(role.id, body) : accessApi.addRole(body)),
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(role ? ROLE_UPDATED_MESSAGE : ROLE_ADDED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: accessKeys.roles() });
      if (role) {
        // Holders' permissions changed: their lists, and mine if I hold the role.
        void queryClient.invalidateQueries({ queryKey: accessKeys.admins() });
        void queryClient.invalidateQueries({ queryKey: [...accessKeys.all, 'profile-permissions'] });
        void queryClient.invalidateQueries({ queryKey: authKeys.all });
      }
      onClose();
    } catch (error) {
      showFieldAwareError(error, setError, { [ErrorCodes.ROLE_NAME_TAKEN.code]: 'name' }, FIELDS);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? 'Modifier le rôle' : 'Nouveau rôle'}
      size="xl"
      fullScreen={fullScreen}
      data-testid="role-dialog"
    >
      <form onSubmit={onSubmit} noValidate data-testid="role-form">
        <Stack gap="md">
          <TextInput label="Nom du rôle" withAsterisk autoFocus {...register('name')} error={formState.errors.name?.message} data-testid="role-name" />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={4}
            {...register('description')}
            error={formState.errors.description?.message}
            data-testid="role-description"
          />
          <Input.Wrapper
            label="Permissions"
            withAsterisk
            description="Cochez ce que ce rôle permet. Les permissions incluses par une autre sont cochées d'office."
            error={formState.errors.permissions?.message ?? formState.errors.permissions?.root?.message}
            data-testid="role-permissions"
          >
            {catalog.isPending ? (
              <Group justify="center" py="md">
                <Loader size="sm" aria-label="Chargement des permissions" />
              </Group>
            ) : catalog.isError ? (
              <Alert color="red" mt="xs" title="Impossible de charger les permissions">
                <Button size="xs" variant="light" onClick={() => void catalog.refetch()}>
                  Réessayer
                </Button>
              </Alert>
            ) : (
              <Controller
                control={control}
                name="permissions"
                render={({ field }) => (
                  <div style={{ marginTop: 8 }}>
                    <PermissionChecklist catalog={catalog.data.groups} value={field.value} onChange={field.onChange} />
                  </div>
                )}
              />
            )}
          </Input.Wrapper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="role-submit">
              {role ? 'Enregistrer' : 'Ajouter le rôle'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
