// The calendar's styles come with this dialog, never with the list.
import '@mantine/dates/styles.css';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Alert, Button, Combobox, Group, Input, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CONTRACT_FREQUENCIES, CONTRACT_FREQUENCY_LABELS, CONTRACT_MESSAGES, type TContractDetail } from '@flotte/contract/contracts';
import { showFormError } from '../../ui/form-errors.ts';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { DriverPicker } from '../drivers/DriverPicker.tsx';
import { parkDay } from '../notifications/notification-view.ts';
import { DayInput, HourInput } from '../vehicles/DayTimeInputs.tsx';
import { useContractTypes, useOwners } from '../vehicles/queries.ts';
import { vehiclesApi } from '../vehicles/vehicles-api.ts';
import { VehiclePicker } from '../vehicles/VehiclePicker.tsx';
import { formatDay } from './contract-display.ts';
import {
  CONTRACT_FIELDS,
  contractCreateBody,
  contractDefaults,
  contractResolver,
  contractSchedule,
  contractUpdateBody,
  isEditable,
  schedulePreview,
  scheduleProblemShown,
  type ContractFormValues,
  type ContractKind,
} from './contract-form.ts';
import { contractsApi } from './contracts-api.ts';
import { invalidatedByChange } from './queries.ts';
import { SchedulePreview } from './SchedulePreview.tsx';

export interface ContractFormDialogProps {
  kind: ContractKind;
  /** The contract to update; without it the dialog creates one. */
  contract?: TContractDetail;
  opened: boolean;
  onClose: () => void;
  /** Called with the saved contract instead of going to its detail (created) or the list (updated). */
  onSaved?: (saved: TContractDetail) => void;
}

const FREQUENCY_OPTIONS = CONTRACT_FREQUENCIES.map((f) => ({ value: f, label: CONTRACT_FREQUENCY_LABELS[f] }));

/** A picker's field: looks like the other inputs, opens the picker; its error under it. */
function PickerField(props: {
  label: string;
  value: string | null;
  placeholder: string;
  error?: string;
  disabled?: boolean;
  onOpen: () => void;
  /** react-hook-form's ref: a refused form focuses the picker when it is the first wrong field. */
  inputRef?: Ref<HTMLButtonElement>;
  testId: string;
}) {
  return (
    <Input.Wrapper label={props.label} withAsterisk error={props.error} id={props.testId} errorProps={{ 'data-testid': `${props.testId}-error` }}>
      <Input
        component="button"
        type="button"
        ref={props.inputRef}
        id={props.testId}
        pointer
        onClick={props.onOpen}
        disabled={props.disabled}
        error={!!props.error}
        rightSection={<Combobox.Chevron />}
        rightSectionPointerEvents="none"
        data-testid={props.testId}
      >
        {props.value ?? <Input.Placeholder>{props.placeholder}</Input.Placeholder>}
      </Input>
    </Input.Wrapper>
  );
}

/** A field a signed contract no longer lets change: its value, greyed. */
function LockedDay({ label, value, testId }: { label: ReactNode; value: string | null; testId: string }) {
  return <TextInput label={label} value={formatDay(value)} disabled readOnly data-testid={testId} />;
}

/**
 * 'Nouveau contrat chauffeur' / 'Nouveau contrat partenaire' / 'Modifier le contrat' (issue 19
 * section 3): the vehicle and the driver (or the owner, the vehicle's by default), the amounts, the
 * frequency and the dates, clauses and description, with the schedule they give before saving. A
 * signed (ACTIVE) contract only lets its amounts, frequency, end, clauses and description change.
 */
export function ContractFormDialog({ kind, contract, opened, onClose, onSaved }: ContractFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { parkId } = useSession();
  const park = useActingPark();
  const currency = park?.currency;
  const fresh = () => contractDefaults({ contract, today: parkDay(park?.time_zone), currency });
  // The resolver reads the currency and the contract of the latest render.
  const latest = useRef({ currency, contract });
  latest.current = { currency, contract };
  const { control, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<ContractFormValues>({
    defaultValues: fresh(),
    resolver: (values, context, options) => contractResolver(kind, latest.current.currency, latest.current.contract)(values, context, options),
  });
  const values = useWatch({ control }) as ContractFormValues;
  const [vehicleName, setVehicleName] = useState<string | null>(contract ? contract.vehicle.registration_number : null);
  const [driverName, setDriverName] = useState<string | null>(contract?.driver?.name ?? null);
  const [picking, setPicking] = useState<'vehicle' | 'driver' | null>(null);
  const owners = useOwners(parkId, opened && kind === 'PARTNER');
  const contractTypes = useContractTypes(opened);

  useEffect(() => {
    if (!opened) return;
    reset(fresh());
    setVehicleName(contract ? contract.vehicle.registration_number : null);
    setDriverName(contract?.driver?.name ?? null);
  }, [opened, contract?.id]);

  const editable = (field: keyof ContractFormValues) => isEditable(field, contract);
  const schedule = contractSchedule(kind, values, currency, contract);
  const preview = schedulePreview(schedule, currency);
  const problem = scheduleProblemShown(schedule, values);

  /** A partner contract pays the vehicle's owner unless the person chose another. */
  async function pickVehicle(id: string, plate: string) {
    const previous = getValues('vehicle_id');
    setVehicleName(plate);
    setValue('vehicle_id', id, { shouldValidate: formState.isSubmitted });
    if (kind !== 'PARTNER' || previous === id) return;
    try {
      const vehicle = await vehiclesApi.get(id);
      if (vehicle.vehicle_owner) setValue('vehicle_owner_id', vehicle.vehicle_owner.id, { shouldValidate: formState.isSubmitted });
    } catch {
      // The owner stays to choose by hand.
    }
  }

  const save = useMutation({
    mutationFn: (v: ContractFormValues) => {
      if (contract) return contractsApi.update(contract.id, contractUpdateBody(kind, v, contract));
      return kind === 'DRIVER' ? contractsApi.createDriver(contractCreateBody('DRIVER', v)) : contractsApi.createPartner(contractCreateBody('PARTNER', v));
    },
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync(v);
      toast.success(contract ? CONTRACT_MESSAGES.updated : kind === 'DRIVER' ? CONTRACT_MESSAGES.driverCreated : CONTRACT_MESSAGES.partnerCreated);
      for (const key of invalidatedByChange) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
      // Spec: after an update the screen goes back to the list; a new contract opens on its detail.
      if (onSaved) onSaved(saved);
      else void navigate(contract ? '/dashboard/contracts' : `/dashboard/contracts/${saved.id}`);
    } catch (e) {
      showFormError(e, setError, {}, CONTRACT_FIELDS);
    }
  });

  const title = contract ? `Modifier le contrat ${contract.reference}` : kind === 'DRIVER' ? 'Nouveau contrat chauffeur' : 'Nouveau contrat partenaire';
  const hourly = values.payment_frequency === 'hourly';

  return (
    <>
      <Modal opened={opened && picking === null} onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid="contract-form-dialog">
        <form onSubmit={onSubmit} noValidate data-testid="contract-form">
          <Stack gap="md">
            {contract?.contract_status === 'ACTIVE' ? (
              <Alert color="blue" variant="light" p="xs" data-testid="contract-form-active-note">
                Ce contrat est signé : seuls les montants, la fréquence, la date de fin, les clauses et la description peuvent changer. Les échéances déjà payées ne
                changent pas.
              </Alert>
            ) : null}
            <Controller
              control={control}
              name="vehicle_id"
              render={({ field, fieldState }) => (
                <PickerField
                  label="Véhicule"
                  value={vehicleName}
                  placeholder="Choisir un véhicule"
                  error={fieldState.error?.message}
                  disabled={!editable('vehicle_id')}
                  onOpen={() => setPicking('vehicle')}
                  inputRef={field.ref}
                  testId="contract-vehicle"
                />
              )}
            />
            {kind === 'DRIVER' ? (
              <Controller
                control={control}
                name="driver_id"
                render={({ field, fieldState }) => (
                  <PickerField
                    label="Chauffeur"
                    value={driverName}
                    placeholder="Choisir le chauffeur"
                    error={fieldState.error?.message}
                    disabled={!editable('driver_id')}
                    onOpen={() => setPicking('driver')}
                    inputRef={field.ref}
                    testId="contract-driver"
                  />
                )}
              />
            ) : (
              <Controller
                control={control}
                name="vehicle_owner_id"
                render={({ field, fieldState }) => (
                  <Select
                    label="Propriétaire"
                    withAsterisk
                    description="Celui du véhicule par défaut"
                    placeholder="Sélectionnez le propriétaire"
                    data={(owners.data ?? []).map((o) => ({ value: o.id, label: o.display_name }))}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    searchable
                    nothingFoundMessage={owners.isPending ? 'Chargement…' : "Aucun propriétaire créé pour l'instant"}
                    error={fieldState.error?.message}
                    disabled={!editable('vehicle_owner_id')}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="contract-owner"
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="contract_type_id"
              render={({ field, fieldState }) => (
                <Select
                  label="Type de contrat du véhicule"
                  placeholder="Facultatif"
                  data={(contractTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  clearable
                  error={fieldState.error?.message}
                  disabled={!editable('contract_type_id')}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="contract-type"
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Controller
                control={control}
                name="frequency_amount"
                render={({ field, fieldState }) => (
                  <AmountInput
                    label={kind === 'DRIVER' ? 'Montant par échéance' : 'Montant par période'}
                    required
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    testId="contract-frequency-amount"
                  />
                )}
              />
              <Controller
                control={control}
                name="payment_frequency"
                render={({ field, fieldState }) => (
                  <Select
                    label="Fréquence de paiement"
                    withAsterisk
                    data={FREQUENCY_OPTIONS}
                    value={field.value}
                    onChange={field.onChange}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="contract-frequency"
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="total_amount"
              render={({ field, fieldState }) => (
                <AmountInput
                  label={kind === 'DRIVER' ? 'Montant total (prix du véhicule)' : 'Plafond des paiements'}
                  description={kind === 'PARTNER' ? 'Facultatif : les paiements s’arrêtent une fois ce montant atteint' : undefined}
                  required={kind === 'DRIVER'}
                  placeholder={kind === 'PARTNER' ? 'Aucun plafond' : undefined}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  testId="contract-total-amount"
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, xs: hourly ? 3 : 2 }} spacing="sm">
              {editable('start_date') ? (
                <Controller
                  control={control}
                  name="start_date"
                  render={({ field, fieldState }) => (
                    <DayInput label="Première échéance" required value={field.value} onChange={field.onChange} error={fieldState.error?.message} testId="contract-start-date" />
                  )}
                />
              ) : (
                <LockedDay label="Première échéance" value={values.start_date} testId="contract-start-date" />
              )}
              {hourly ? (
                <Controller
                  control={control}
                  name="start_time"
                  render={({ field, fieldState }) =>
                    editable('start_time') ? (
                      <HourInput label="Heure" value={field.value} onChange={field.onChange} error={fieldState.error?.message} testId="contract-start-time" />
                    ) : (
                      <TextInput label="Heure" value={field.value} disabled readOnly data-testid="contract-start-time" />
                    )
                  }
                />
              ) : null}
              <Controller
                control={control}
                name="end_date"
                render={({ field, fieldState }) => (
                  <DayInput
                    label={kind === 'DRIVER' ? 'Date de fin (facultative)' : 'Date de fin'}
                    required={kind === 'PARTNER'}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    testId="contract-end-date"
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={control}
              name="clauses"
              render={({ field, fieldState }) => (
                <Textarea label="Clauses" autosize minRows={2} maxRows={8} maxLength={5000} {...field} error={fieldState.error?.message} data-testid="contract-clauses" />
              )}
            />
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => (
                <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={2000} {...field} error={fieldState.error?.message} data-testid="contract-description" />
              )}
            />
            <SchedulePreview preview={preview} problem={problem} rescheduling={contract?.contract_status === 'ACTIVE'} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="contract-submit">
                {contract ? 'Enregistrer' : 'Créer le contrat'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <VehiclePicker
        opened={opened && picking === 'vehicle'}
        onClose={() => setPicking(null)}
        value={values.vehicle_id ? [values.vehicle_id] : undefined}
        allowCreate={false}
        onConfirm={(picked) => {
          setPicking(null);
          const v = picked[0];
          if (v) void pickVehicle(v.id, v.registration_number);
        }}
      />
      {kind === 'DRIVER' ? (
        <DriverPicker
          opened={opened && picking === 'driver'}
          onClose={() => setPicking(null)}
          value={values.driver_id ? [values.driver_id] : undefined}
          onConfirm={(picked) => {
            setPicking(null);
            const d = picked[0];
            if (!d) return;
            setDriverName(`${d.first_name} ${d.last_name}`);
            setValue('driver_id', d.id, { shouldValidate: formState.isSubmitted });
          }}
        />
      ) : null}
    </>
  );
}
