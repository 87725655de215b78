// The calendar's styles come with this dialog, never with the first screen.
import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { showFormError } from '../../ui/form-errors.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { toast } from '../../ui/toast.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { AddBesideButton } from '../../ui/inputs/AddBesideButton.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { SupplierSelect } from '../suppliers/SupplierSelect.tsx';
import { useSession } from '../auth/SessionProvider.tsx';
import { INSURANCE_DOCUMENT_TYPE, ZVehicleDocumentInput, type TVehicleDocumentInputParsed } from '@flotte/contract/vehicle-documents';
import { DOCUMENT_FIELDS, documentBody, documentDefaults, type DocumentFormInput } from './document-form.ts';
import { NewDocumentTypeDialog } from './NewDocumentTypeDialog.tsx';
import { useDocumentTypes, vehicleDocumentKeys } from './queries.ts';
import { vehicleDocumentsApi, type VehicleDocument } from './vehicle-documents-api.ts';

export const DOCUMENT_ADDED_MESSAGE = SUCCESS_MESSAGES.VEHICLE_DOCUMENT_ADDED;

export interface NewDocumentDialogProps {
  vehicleId: string;
  opened: boolean;
  onClose: () => void;
  onSaved?: (document: VehicleDocument) => void;
  /** Type chosen when the dialog opens (e.g. renewing an expiring insurance). */
  documentTypeId?: number;
  /** Start date filled in when the dialog opens, yyyy-MM-dd (a renewal starts when the old one ends). */
  startDate?: string;
}

/** The calendar's buttons, read aloud in French. */
const CALENDAR_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

/**
 * 'Nouveau document': a paper of the vehicle (insurance, technical inspection ...) with its validity
 * dates and up to 4 photos. Needs MANAGE_DRIVER_VEHICLE; without it the dialog shows access denied.
 */
export function NewDocumentDialog({ vehicleId, opened, onClose, onSaved, documentTypeId, startDate: initialStart }: NewDocumentDialogProps) {
  const { can } = usePermissions();
  const allowed = can('MANAGE_DRIVER_VEHICLE');
  const { parkId } = useSession();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const types = useDocumentTypes(opened && allowed);
  const [images, setImages] = useState<File[]>([]);
  const [addingType, setAddingType] = useState(false);
  const { control, register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<DocumentFormInput, unknown, TVehicleDocumentInputParsed>({
    resolver: zodResolver(ZVehicleDocumentInput),
    defaultValues: documentDefaults(vehicleId, documentTypeId, initialStart),
  });

  useEffect(() => {
    if (opened) {
      reset(documentDefaults(vehicleId, documentTypeId, initialStart));
      setImages([]);
    }
  }, [opened, vehicleId, documentTypeId, initialStart, reset]);

  const save = useMutation({
    mutationFn: (values: TVehicleDocumentInputParsed) => vehicleDocumentsApi.create(documentBody(values, parkId, images)),
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(DOCUMENT_ADDED_MESSAGE);
      void queryClient.invalidateQueries({ queryKey: vehicleDocumentKeys.byVehicle(vehicleId) });
      void queryClient.invalidateQueries({ queryKey: vehicleDocumentKeys.expiring() });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, DOCUMENT_FIELDS);
    }
  });

  const typeId = watch('document_type_id');
  const startDate = watch('start_date');
  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));

  return (
    <Modal opened={opened} onClose={onClose} title="Nouveau document" size="lg" fullScreen={fullScreen} data-testid="document-dialog">
      {!allowed ? (
        <AccessDenied backHome={false} />
      ) : (
        <FrenchDatesProvider>
          <form onSubmit={onSubmit} noValidate data-testid="document-form">
            <Stack gap="md">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Controller
                  control={control}
                  name="document_type_id"
                  render={({ field, fieldState }) => (
                    <Select
                      label="Type de document"
                      withAsterisk
                      placeholder="Choisissez le type de document"
                      data={typeOptions}
                      value={field.value ? String(field.value) : null}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                      searchable
                      nothingFoundMessage={types.isPending ? 'Chargement…' : 'Aucun type trouvé'}
                      error={fieldState.error?.message ?? (types.isError ? types.error.message : undefined)}
                      comboboxProps={{ withinPortal: true }}
                      style={{ flex: 1 }}
                      data-testid="document-type"
                    />
                  )}
                />
                <AddBesideButton label="Nouveau type de document" onClick={() => setAddingType(true)} hasError={!!formState.errors.document_type_id} testId="document-type-add" />
              </Group>

              {Number(typeId) === INSURANCE_DOCUMENT_TYPE ? (
                // The insurer: one of the park's active suppliers (the server refuses a suspended one).
                <Controller
                  control={control}
                  name="supplier_id"
                  render={({ field, fieldState }) => (
                    <SupplierSelect
                      label="Prestataire"
                      placeholder="Choisissez l'assureur"
                      value={field.value ?? null}
                      onChange={(v) => field.onChange(v ?? undefined)}
                      error={fieldState.error?.message}
                      testId="document-supplier"
                    />
                  )}
                />
              ) : null}

              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="start_date"
                  render={({ field, fieldState }) => (
                    <DatePickerInput
                      label="Date de début"
                      withAsterisk
                      placeholder="jj/mm/aaaa"
                      valueFormat="DD/MM/YYYY"
                      value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      ariaLabels={CALENDAR_LABELS}
                      popoverProps={{ withinPortal: true }}
                      data-testid="document-start-date"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="end_date"
                  render={({ field, fieldState }) => (
                    <DatePickerInput
                      label="Date de fin"
                      withAsterisk
                      placeholder="jj/mm/aaaa"
                      valueFormat="DD/MM/YYYY"
                      value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')}
                      onBlur={field.onBlur}
                      minDate={startDate || undefined}
                      error={fieldState.error?.message}
                      ariaLabels={CALENDAR_LABELS}
                      popoverProps={{ withinPortal: true }}
                      data-testid="document-end-date"
                    />
                  )}
                />
              </SimpleGrid>

              <Textarea label="Description" autosize minRows={2} maxRows={5} {...register('description')} error={formState.errors.description?.message} data-testid="document-description" />

              <ImageUpload label="Photos du document" multiple value={images} onChange={setImages} testId="document-images" />

              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  Annuler
                </Button>
                <Button type="submit" loading={save.isPending} data-testid="document-submit">
                  Confirmer
                </Button>
              </Group>
            </Stack>
          </form>
          <NewDocumentTypeDialog
            opened={addingType}
            onClose={() => setAddingType(false)}
            onCreated={(type) => setValue('document_type_id', String(type.id), { shouldValidate: true })}
          />
        </FrenchDatesProvider>
      )}
    </Modal>
  );
}
