import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { ErrorCodes } from '@flotte/contract';
import { ApiError } from '../../api/api-error.ts';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { showFormError } from '../../ui/form-errors.ts';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { toast } from '../../ui/toast.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { DaysOffInput } from './DaysOffInput.tsx';
import { DriverCreateChoice } from './DriverCreateChoice.tsx';
import { DriverSavedDialog } from './DriverSavedDialog.tsx';
import { DRIVER_FIELDS, driverDefaults, driverFormData, driverResolver, licencesOf, type DriverFormInput, type DriverFormValues } from './driver-form.ts';
import { driversApi, type DriverRecord } from './drivers-api.ts';
import { LicenceDialog } from './LicenceDialog.tsx';
import { LicenceList } from './LicenceList.tsx';
import type { LicenceInput } from './licences.ts';
import { DRIVER_SUCCESS, driverKeys, useDriverTypes } from './queries.ts';
import { GradeSelect } from './GradeSelect.tsx';

export interface DriverFormDialogProps {
  opened: boolean;
  /** null: 'Recruter un chauffeur'; a driver: 'Modifier les informations du chauffeur'. */
  driver: DriverRecord | null;
  onClose: () => void;
  /** 'Importer depuis Yango' was chosen: the page opens the import dialog in place of this one. */
  onImport?: () => void;
}

/**
 * 'Recruter un chauffeur' / 'Modifier les informations du chauffeur' (spec 000 section 2). A new
 * driver starts with the choice create-or-import. On success the dialog closes, the lists refresh
 * and a success dialog says it; without MANAGE_DRIVER_VEHICLE it shows the access-denied state.
 */
export function DriverFormDialog({ opened, driver, onClose, onImport }: DriverFormDialogProps) {
  const { can, ready } = usePermissions();
  const { parkId } = useSession();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const canManage = can('MANAGE_DRIVER_VEHICLE');
  const [step, setStep] = useState<'choice' | 'form'>(driver ? 'form' : 'choice');
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [licences, setLicences] = useState<LicenceInput[]>([]);
  const [licenceOpen, setLicenceOpen] = useState(false);
  const [saved, setSaved] = useState<'created' | 'updated' | null>(null);
  const driverTypes = useDriverTypes(opened && canManage);

  const { register, control, handleSubmit, setError, reset, formState } = useForm<DriverFormInput, unknown, DriverFormValues>({
    resolver: driverResolver,
    defaultValues: driverDefaults(driver),
  });

  // Each opening starts from the record (or blank); closing drops what was typed (spec 000 section 4).
  useEffect(() => {
    if (!opened) return;
    reset(driverDefaults(driver));
    setLicences(licencesOf(driver));
    setPhoto(null);
    setRemovePhoto(false);
    setStep(driver ? 'form' : 'choice');
  }, [opened, driver, reset]);

  const save = useMutation({
    mutationFn: (values: DriverFormValues) => {
      const body = driverFormData(values, licences, photo, parkId ?? '', driver, removePhoto);
      return driver ? driversApi.update(driver.id, body) : driversApi.create(body);
    },
    meta: { errorToast: false },
  });

  const onValid = async (values: DriverFormValues) => {
    try {
      await save.mutateAsync(values);
      toast.success(driver ? DRIVER_SUCCESS.updated : DRIVER_SUCCESS.created);
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      onClose();
      setSaved(driver ? 'updated' : 'created');
    } catch (error) {
      // A phone already used by another driver of the park belongs under the phone field.
      if (error instanceof ApiError && error.code === ErrorCodes.DRIVER_PHONE_TAKEN.code) {
        setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
        toast.error(error.message);
        return;
      }
      showFormError(error, setError, {}, DRIVER_FIELDS);
    }
  };

  // Spec 000 section 5: the submit button's checks read as warnings, the first one missing first.
  const onInvalid = (errors: FieldErrors<DriverFormInput>) => {
    const first = DRIVER_FIELDS.map((f) => errors[f]?.message).find(Boolean);
    if (first) toast.error(String(first));
  };

  const title = driver ? 'Modifier les informations du chauffeur' : 'Recruter un chauffeur';
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid="driver-dialog">
        {!ready ? null : !canManage ? (
          <Stack gap="sm">
            <AccessDenied backHome={false} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Fermer
              </Button>
            </Group>
          </Stack>
        ) : step === 'choice' ? (
          <DriverCreateChoice onCreate={() => setStep('form')} onImport={onImport} />
        ) : (
          <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate data-testid="driver-form">
            <Stack gap="md">
              <ImageUpload
                label="Photo"
                value={photo ? [photo] : []}
                onChange={(files) => setPhoto(files[0] ?? null)}
                existingUrls={driver?.image && !removePhoto ? [driver.image] : []}
                onRemoveExisting={() => setRemovePhoto(true)}
                testId="driver-photo"
              />
              <Title order={4}>Informations générales</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="Nom" withAsterisk autoComplete="off" {...register('last_name')} error={formState.errors.last_name?.message} data-testid="driver-last-name" />
                <TextInput label="Prénom" withAsterisk autoComplete="off" {...register('first_name')} error={formState.errors.first_name?.message} data-testid="driver-first-name" />
                {driver ? (
                  <TextInput label="Téléphone" withAsterisk type="tel" inputMode="tel" autoComplete="off" {...register('phone')} error={formState.errors.phone?.message} data-testid="driver-phone" />
                ) : (
                  <Controller
                    control={control}
                    name="phone"
                    render={({ field, fieldState }) => (
                      <PhoneInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} required error={fieldState.error?.message} testId="driver-phone" />
                    )}
                  />
                )}
                <TextInput label="Email" type="email" inputMode="email" autoComplete="off" {...register('email')} error={formState.errors.email?.message} data-testid="driver-email" />
                <TextInput label="Numéro de CNI" autoComplete="off" {...register('cni_number')} error={formState.errors.cni_number?.message} data-testid="driver-cni" />
              </SimpleGrid>
              <Title order={4}>Informations techniques</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="driver_type_id"
                  render={({ field, fieldState }) => (
                    <Select
                      label="Type de chauffeur"
                      withAsterisk
                      placeholder="Choisir un type"
                      data={(driverTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                      value={field.value === null ? null : String(field.value)}
                      onChange={(v) => field.onChange(v === null ? null : Number(v))}
                      onBlur={field.onBlur}
                      nothingFoundMessage={driverTypes.isPending ? 'Chargement…' : 'Aucun type trouvé'}
                      error={fieldState.error?.message ?? (driverTypes.isError ? driverTypes.error.message : undefined)}
                      comboboxProps={{ withinPortal: true }}
                      data-testid="driver-type"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="grade_id"
                  render={({ field, fieldState }) => <GradeSelect value={field.value} onChange={field.onChange} error={fieldState.error?.message} testId="driver-grade" />}
                />
                <TextInput label="Date de début de travail" type="date" {...register('start_work_at')} error={formState.errors.start_work_at?.message} data-testid="driver-start-work" />
              </SimpleGrid>
              <Controller control={control} name="days_off" render={({ field }) => <DaysOffInput value={field.value} onChange={field.onChange} />} />
              <Title order={4}>Permis de conduire</Title>
              <LicenceList licences={licences} onAdd={() => setLicenceOpen(true)} onRemove={(type) => setLicences((ls) => ls.filter((l) => l.type !== type))} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="driver-submit">
                  Confirmer
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      <LicenceDialog opened={licenceOpen} onClose={() => setLicenceOpen(false)} existing={licences} onAdd={(l) => setLicences((ls) => [...ls, l])} />
      <DriverSavedDialog kind={saved} onClose={() => setSaved(null)} />
    </>
  );
}
