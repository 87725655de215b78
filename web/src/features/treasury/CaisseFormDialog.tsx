import { useEffect } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { CAISSE_SUCCESS, type TCaisse } from '@flotte/contract/caisses';
import { showFormError } from '../../ui/form-errors.ts';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { adminName } from './caisse-display.ts';
import { CAISSE_FIELDS, caisseBody, caisseDefaults, caisseFormErrors, sendsPhone, showsDescription, type CaisseFormValues } from './caisse-form.ts';
import { treasuryKeys, useCaisseAdminCandidates, useWithdrawModes } from './queries.ts';
import { treasuryApi } from './treasury-api.ts';

export interface CaisseFormDialogProps {
  opened: boolean;
  /** null adds a caisse. */
  caisse: TCaisse | null;
  parkId: string;
  onClose: () => void;
}

/** 'Ajouter une caisse' / 'Modifier la caisse' (MANAGE_CAISSE): name, description, phone and operator, administrators. */
export function CaisseFormDialog({ opened, caisse, parkId, onClose }: CaisseFormDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const park = useActingPark();
  const admins = useCaisseAdminCandidates(parkId, opened);
  const modes = useWithdrawModes(park?.country_code, opened);
  const { register, control, handleSubmit, reset, setError, watch, formState } = useForm<CaisseFormValues>({ defaultValues: caisseDefaults(caisse) });

  useEffect(() => {
    if (opened) reset(caisseDefaults(caisse));
  }, [opened, caisse, reset]);

  const save = useMutation({
    mutationFn: (values: CaisseFormValues) => {
      const body = caisseBody(values, parkId);
      return caisse ? treasuryApi.update(caisse.id, body) : treasuryApi.add(body);
    },
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    const errors = Object.entries(caisseFormErrors(values)) as [keyof CaisseFormValues, string][];
    if (errors.length) {
      errors.forEach(([field, message], i) => setError(field, { type: 'form', message }, { shouldFocus: i === 0 }));
      return;
    }
    try {
      await save.mutateAsync(values);
      toast.success(caisse ? CAISSE_SUCCESS.updated : CAISSE_SUCCESS.added);
      void queryClient.invalidateQueries({ queryKey: treasuryKeys.caisses(parkId) });
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, CAISSE_FIELDS);
    }
  });

  const values = watch();
  // Administrators already on the caisse stay choosable before the list arrives.
  const adminOptions = (admins.data ?? caisse?.admin_profiles ?? []).map((a) => ({ value: a.profile_id, label: adminName(a) }));
  const modeOptions = (modes.data ?? (caisse?.vtc_withdraw ? [caisse.vtc_withdraw] : [])).map((m) => ({ value: String(m.id), label: m.title }));
  const phoneIgnored = values.phone.trim() !== '' && !sendsPhone(values);

  return (
    <Modal opened={opened} onClose={onClose} title={caisse ? 'Modifier la caisse' : 'Ajouter une caisse'} size="lg" fullScreen={fullScreen} data-testid="caisse-dialog">
      <form onSubmit={onSubmit} noValidate data-testid="caisse-form">
        <Stack gap="md">
          <TextInput label="Nom du compte" withAsterisk autoFocus {...register('name')} error={formState.errors.name?.message} data-testid="caisse-name" />
          {showsDescription(values) ? (
            <Textarea label="Description" autosize minRows={2} maxRows={4} {...register('description')} error={formState.errors.description?.message} data-testid="caisse-description" />
          ) : null}
          <Controller
            control={control}
            name="vtc_withdraw_id"
            render={({ field, fieldState }) => (
              <Select
                label="Opérateur"
                placeholder="Choisissez l'opérateur"
                data={modeOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable
                nothingFoundMessage={modes.isPending ? 'Chargement…' : 'Aucun opérateur trouvé'}
                error={fieldState.error?.message ?? (modes.isError ? modes.error.message : undefined)}
                comboboxProps={{ withinPortal: true }}
                data-testid="caisse-operator"
              />
            )}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field, fieldState }) => (
              <PhoneInput
                label="Téléphone"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                description={phoneIgnored ? "Choisissez l'opérateur de ce numéro, sinon il ne sera pas enregistré." : undefined}
                testId="caisse-phone"
              />
            )}
          />
          <Controller
            control={control}
            name="profile_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Administrateurs"
                description="Les personnes qui tiennent cette caisse."
                placeholder={field.value.length ? undefined : 'Choisissez les administrateurs'}
                data={adminOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                searchable
                hidePickedOptions
                nothingFoundMessage={admins.isPending ? 'Chargement…' : 'Aucun administrateur trouvé'}
                error={fieldState.error?.message ?? (admins.isError ? admins.error.message : undefined)}
                comboboxProps={{ withinPortal: true }}
                data-testid="caisse-admins"
              />
            )}
          />
          {caisse && caisse.sold !== 0 ? (
            <Text size="xs" c="dimmed">
              Le solde ne se modifie pas ici : utilisez un transfert ou une opération.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="caisse-submit">
              {caisse ? 'Enregistrer' : 'Ajouter la caisse'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
