import { useEffect } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import type { TVehicleGroup, TVehicleGroupInputParsed } from '@flotte/contract/vehicle-groups';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { adminName, assignableVehicles, GROUP_FIELDS, groupDefaults, groupResolver, vehicleOptionLabel, type GroupFormInput } from './group-form.ts';
import { useParkAdmins, useParkVehicles, vehicleGroupKeys, VEHICLES_QUERY_PREFIX } from './queries.ts';
import { vehicleGroupsApi } from './vehicle-groups-api.ts';

export const GROUP_ADDED_MESSAGE = SUCCESS_MESSAGES.VEHICLE_GROUP_ADDED;
export const GROUP_UPDATED_MESSAGE = SUCCESS_MESSAGES.VEHICLE_GROUP_UPDATED;
export const ADMINS_NEED_ACCESS_NOTE = 'Seuls les gestionnaires des accès peuvent choisir les administrateurs du groupe.';

export interface GroupFormDialogProps {
  opened: boolean;
  /** null creates a group. */
  group: TVehicleGroup | null;
  parkId: string;
  onClose: () => void;
}

/** 'Nouveau groupe' / 'Modifier le groupe': title, description, administrators and vehicles. */
export function GroupFormDialog({ opened, group, parkId, onClose }: GroupFormDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const { can } = usePermissions();
  // The park's administrators are listed to those who manage access or vehicle groups; without
  // either the group keeps the administrators it has and the form does not send them.
  const canPickAdmins = can('MANAGE_ACCESS') || can('MANAGE_VEHICLE_GROUPS');
  const admins = useParkAdmins(parkId, opened && canPickAdmins);
  const vehicles = useParkVehicles(parkId, opened);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<GroupFormInput, unknown, TVehicleGroupInputParsed>({
    resolver: groupResolver,
    defaultValues: groupDefaults(group),
  });

  useEffect(() => {
    if (opened) reset(groupDefaults(group));
  }, [opened, group, reset]);

  const save = useMutation({
    mutationFn: (values: TVehicleGroupInputParsed) => {
      const body = canPickAdmins ? values : { ...values, admin_ids: undefined };
      return group ? vehicleGroupsApi.update(group.id, body) : vehicleGroupsApi.add({ ...body, park_id: parkId });
    },
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(group ? GROUP_UPDATED_MESSAGE : GROUP_ADDED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: vehicleGroupKeys.all });
      void queryClient.invalidateQueries({ queryKey: VEHICLES_QUERY_PREFIX });
      onClose();
    } catch (error) {
      // A vehicle already in another group (409) is about the vehicles field.
      if (error instanceof ApiError && error.status === 409) setError('vehicles_ids', { type: 'server', message: error.message });
      else showFormError(error, setError, {}, GROUP_FIELDS);
    }
  });

  const adminOptions = canPickAdmins
    ? (admins.data ?? []).map((a) => ({ value: a.profile_id, label: adminName(a) }))
    : (group?.admins ?? []).map((a) => ({ value: a.profile_id, label: adminName(a) }));
  // The group's own vehicles stay choosable even before the list arrives.
  const vehicleOptions = vehicles.data
    ? assignableVehicles(vehicles.data, group?.id ?? null).map((v) => ({ value: v.id, label: vehicleOptionLabel(v) }))
    : (group?.vehicles ?? []).map((v) => ({ value: v.id, label: vehicleOptionLabel(v) }));

  return (
    <Modal opened={opened} onClose={onClose} title={group ? 'Modifier le groupe' : 'Nouveau groupe'} size="lg" fullScreen={fullScreen} data-testid="group-dialog">
      <form onSubmit={onSubmit} noValidate data-testid="group-form">
        <Stack gap="md">
          <TextInput label="Nom du groupe" withAsterisk autoFocus {...register('title')} error={formState.errors.title?.message} data-testid="group-title" />
          <Textarea label="Description" autosize minRows={2} maxRows={4} {...register('description')} error={formState.errors.description?.message} data-testid="group-description" />
          <Controller
            control={control}
            name="admin_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Administrateurs"
                description={canPickAdmins ? 'Les personnes qui suivent les véhicules de ce groupe.' : ADMINS_NEED_ACCESS_NOTE}
                placeholder={field.value.length ? undefined : canPickAdmins ? 'Choisissez les administrateurs' : undefined}
                data={adminOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!canPickAdmins}
                searchable
                hidePickedOptions
                nothingFoundMessage={admins.isPending ? 'Chargement…' : 'Aucun administrateur trouvé'}
                error={fieldState.error?.message ?? (admins.isError ? admins.error.message : undefined)}
                comboboxProps={{ withinPortal: true }}
                data-testid="group-admins"
              />
            )}
          />
          <Controller
            control={control}
            name="vehicles_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Véhicules"
                description="Seuls les véhicules qui ne sont dans aucun groupe sont proposés."
                placeholder={field.value.length ? undefined : 'Choisissez les véhicules'}
                data={vehicleOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                hidePickedOptions
                nothingFoundMessage={vehicles.isPending ? 'Chargement…' : 'Aucun véhicule disponible'}
                error={fieldState.error?.message ?? (vehicles.isError ? vehicles.error.message : undefined)}
                comboboxProps={{ withinPortal: true }}
                data-testid="group-vehicles"
              />
            )}
          />
          {vehicles.data && vehicleOptions.length === 0 ? (
            <Text size="xs" c="dimmed">
              Tous les véhicules du parc sont déjà dans un groupe.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="group-submit">
              {group ? 'Enregistrer' : 'Créer le groupe'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
