import { useEffect, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { ADMIN_TYPES, ErrorCodes, LOGIN_TYPE_LABELS, type TAdmin } from '@flotte/contract';
import { toast } from '../../ui/toast.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { accessApi } from './access-api.ts';
import { ADMIN_FIELDS, adminDefaults, adminFormData, ZAdminForm, type AdminFormInput, type AdminFormValues } from './admin-form.ts';
import { showFieldAwareError } from './conflict-errors.ts';
import { accessKeys, useRoles } from './queries.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

// The server's success message (spec 002 section 8, wording included).
export const ADMIN_SAVED_MESSAGE = SUCCESS_MESSAGES.ADMIN_SAVED;

const CONTACT_ERRORS = {
  [ErrorCodes.ADMIN_EXISTS.code]: 'email',
  [ErrorCodes.CONTACTS_OF_TWO_ACCOUNTS.code]: 'email',
  [ErrorCodes.CONTACTS_LOCKED.code]: 'email',
  [ErrorCodes.CONTACT_TAKEN.code]: 'email',
} as const;

/** 'Ajouter un administrateur' / 'Modifier l'administrateur': identity, contact, roles, photo. */
export function AdminFormDialog({ opened, admin, onClose }: { opened: boolean; admin: TAdmin | null; onClose: () => void }) {
  const roles = useRoles(opened);
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const [photo, setPhoto] = useState<File | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<AdminFormInput, unknown, AdminFormValues>({
    resolver: zodResolver(ZAdminForm),
    defaultValues: adminDefaults(admin),
  });
  // Once the person has chosen a password, only they may change their email and phone.
  const contactsLocked = admin !== null && !admin.invitation_pending;

  useEffect(() => {
    if (opened) {
      reset(adminDefaults(admin));
      setPhoto(null);
    }
  }, [opened, admin, reset]);

  const save = useMutation({
    mutationFn: (values: AdminFormValues) => {
      const body = adminFormData(values, photo, admin);
      return admin ? accessApi.updateAdmin(admin.id, body) : accessApi.addAdmin(body);
    },
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(ADMIN_SAVED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: accessKeys.admins() });
      void queryClient.invalidateQueries({ queryKey: accessKeys.roles() }); // admins_count
      if (admin) void queryClient.invalidateQueries({ queryKey: accessKeys.profilePermissions(admin.profile_id) });
      onClose();
    } catch (error) {
      showFieldAwareError(error, setError, CONTACT_ERRORS, ADMIN_FIELDS);
    }
  });

  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const contactHint = contactsLocked ? 'Seul le titulaire du compte peut modifier ses coordonnées' : undefined;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={admin ? "Modifier l'administrateur" : 'Ajouter un administrateur'}
      size="lg"
      fullScreen={fullScreen}
      data-testid="admin-dialog"
    >
      <form onSubmit={onSubmit} noValidate data-testid="admin-form">
        <Stack gap="md">
          <ImageUpload
            label="Photo"
            value={photo ? [photo] : []}
            onChange={(files) => setPhoto(files[0] ?? null)}
            existingUrls={admin?.image ? [admin.image] : []}
            testId="admin-photo"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Prénom" withAsterisk autoComplete="off" {...register('first_name')} error={formState.errors.first_name?.message} data-testid="admin-first-name" />
            <TextInput label="Nom" withAsterisk autoComplete="off" {...register('last_name')} error={formState.errors.last_name?.message} data-testid="admin-last-name" />
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="off"
              disabled={contactsLocked}
              description={contactHint}
              {...register('email')}
              error={formState.errors.email?.message}
              data-testid="admin-email"
            />
            <TextInput
              label="Téléphone"
              type="tel"
              inputMode="tel"
              placeholder="+237…"
              autoComplete="off"
              disabled={contactsLocked}
              description={contactHint}
              {...register('phone')}
              error={formState.errors.phone?.message}
              data-testid="admin-phone"
            />
          </SimpleGrid>
          {admin ? null : (
            <Controller
              control={control}
              name="type"
              render={({ field, fieldState }) => (
                <Select
                  label="Type de compte"
                  description="Le type choisi à la connexion pour ce parc."
                  data={ADMIN_TYPES.map((t) => ({ value: t, label: LOGIN_TYPE_LABELS[t] }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'agent')}
                  allowDeselect={false}
                  error={fieldState.error?.message}
                  data-testid="admin-type"
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="role_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Rôles"
                withAsterisk
                placeholder={field.value.length ? undefined : 'Choisissez un ou plusieurs rôles'}
                data={roleOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                hidePickedOptions
                nothingFoundMessage={roles.isPending ? 'Chargement des rôles…' : 'Aucun rôle trouvé'}
                error={fieldState.error?.message ?? (roles.isError ? roles.error.message : undefined)}
                comboboxProps={{ withinPortal: true }}
                data-testid="admin-roles"
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="admin-submit">
              {admin ? 'Enregistrer' : "Ajouter l'administrateur"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
