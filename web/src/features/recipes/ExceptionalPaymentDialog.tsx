// The calendar's styles come with this dialog, never with the first screen.
import '@mantine/dates/styles.css';
import { useEffect, useState } from 'react';
import { Button, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { RECIPE_COLLECTION_MESSAGES as M } from '@flotte/contract/recipes';
import type { TTransactionValidation } from '@flotte/contract/payins';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { operationsApi } from '../operations/operations-api.ts';
import { VehiclePicker } from '../vehicles/VehiclePicker.tsx';
import {
  debtBody,
  EXCEPTIONAL_MODE_LABELS,
  EXCEPTIONAL_PAYMENT_TYPES,
  exceptionalBody,
  exceptionalDefaults,
  exceptionalError,
  exceptionalModes,
  type ExceptionalMode,
  type ExceptionalValues,
} from './exceptional-payment.ts';
import { TransactionValidationCard } from '../payins/TransactionValidationCard.tsx';
import { PaymentMeansFields } from './PaymentMeansFields.tsx';
import { useRefreshAfterRecipes } from './queries.ts';
import { personName } from './recipe-display.ts';
import { validationOf } from './recipe-payment.ts';
import { recipesApi } from './recipes-api.ts';
import { todayIn } from './today.ts';

export interface ExceptionalPaymentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The driver chosen at first (the receipts page filtered on one). */
  driver?: PickedDriver | null;
}

/**
 * The exceptional payment / unscheduled recipe / debit-driver dialog (spec 001 sections 2.5, 5):
 * 'Paiement exceptionnel' (money a driver brings outside any recipe), 'Recette non programmée'
 * (a day and vehicle the planning didn't have) and 'Endetter le chauffeur' (a debt, nothing
 * collected, MANAGE_DRIVER_VEHICLE). Mobile money goes through the validation card (step 2).
 */
export function ExceptionalPaymentDialog({ opened, onClose, driver: initialDriver = null }: ExceptionalPaymentDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const park = useActingPark();
  const { can, ready } = usePermissions();
  const cashAccess = can('ACCESS_CAISSE_CASH');
  const modes = exceptionalModes(can);
  const refresh = useRefreshAfterRecipes();
  const today = todayIn(park?.time_zone);
  const [values, setValues] = useState<ExceptionalValues>(() => exceptionalDefaults(modes[0] ?? 'exceptional', today, initialDriver?.id ?? null));
  const [driver, setDriver] = useState<PickedDriver | null>(initialDriver);
  const [vehicle, setVehicle] = useState<{ id: string; label: string } | null>(null);
  const [picking, setPicking] = useState<'driver' | 'vehicle' | null>(null);
  const [validation, setValidation] = useState<TTransactionValidation | null>(null);
  const set = (patch: Partial<ExceptionalValues>) => setValues((v) => ({ ...v, ...patch }));

  function reset(mode: ExceptionalMode = modes[0] ?? 'exceptional') {
    setValues(exceptionalDefaults(mode, today, initialDriver?.id ?? null));
    setDriver(initialDriver);
    setVehicle(null);
    setValidation(null);
  }
  useEffect(() => {
    if (opened) reset();
  }, [opened, initialDriver?.id, modes.join()]);

  const submit = useMutation({
    mutationFn: async (): Promise<unknown> => (values.mode === 'debt' ? recipesApi.indebt(debtBody(values)) : recipesApi.exceptional(exceptionalBody(values))),
    meta: { errorToast: false },
  });

  async function confirm() {
    const failed = exceptionalError(values, { cashAccess });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const answer = await submit.mutateAsync();
      const card = validationOf<TTransactionValidation>(answer);
      if (card) {
        toast.success(M.mobileMoneyStarted);
        setValidation(card);
        return;
      }
      toast.success(values.mode === 'debt' ? M.driverIndebted : M.collected);
      void refresh();
      reset();
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  /** The driver's vehicle that day, from the planning: one less thing to pick. */
  async function lookUpVehicle(driverId: string, day: string | null) {
    if (!day) return;
    try {
      const found = await operationsApi.dayAssignment({ driver_id: driverId, date: day });
      if (found.vehicle) {
        setVehicle({ id: found.vehicle.id, label: found.vehicle.registration_number });
        set({ vehicle_id: found.vehicle.id });
      }
    } catch {
      // Only a help: the vehicle can still be chosen by hand.
    }
  }

  const mode = values.mode;
  const needsPlace = mode !== 'exceptional';
  const title = EXCEPTIONAL_MODE_LABELS[mode];

  if (ready && modes.length === 0) {
    return (
      <Modal opened={opened} onClose={onClose} title={title} data-testid="exceptional-dialog">
        <AccessDenied backHome={false} />
      </Modal>
    );
  }

  return (
    <>
      <Modal opened={opened && picking === null} onClose={onClose} title={title} size="md" fullScreen={fullScreen} data-testid="exceptional-dialog">
        {validation ? (
          <TransactionValidationCard
            validation={validation}
            onCompleted={() => {
              void refresh();
              reset(mode);
            }}
            onCancelled={() => setValidation(null)}
          />
        ) : (
          <FrenchDatesProvider>
            <Stack gap="md">
              {modes.length > 1 ? (
                <SegmentedControl
                  fullWidth
                  orientation={fullScreen ? 'vertical' : 'horizontal'}
                  value={mode}
                  onChange={(m) => set({ mode: m as ExceptionalMode })}
                  data={modes.map((m) => ({ value: m, label: EXCEPTIONAL_MODE_LABELS[m] }))}
                  data-testid="exceptional-mode"
                />
              ) : null}

              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Chauffeur *
                  </Text>
                  <Button variant="default" justify="space-between" onClick={() => setPicking('driver')} data-testid="exceptional-driver">
                    {driver ? personName(driver) : 'Choisir un chauffeur'}
                  </Button>
                </Stack>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Véhicule{needsPlace ? ' *' : ''}
                  </Text>
                  <Button variant="default" justify="space-between" onClick={() => setPicking('vehicle')} data-testid="exceptional-vehicle">
                    {vehicle?.label ?? 'Choisir un véhicule'}
                  </Button>
                </Stack>
              </SimpleGrid>

              {needsPlace ? (
                <DatePickerInput
                  label="Date"
                  placeholder="jj/mm/aaaa"
                  valueFormat="DD/MM/YYYY"
                  value={values.date}
                  onChange={(v) => set({ date: v || null })}
                  withAsterisk
                  popoverProps={{ withinPortal: true }}
                  data-testid="exceptional-date"
                />
              ) : null}

              <AmountInput label={mode === 'debt' ? 'Montant de la dette' : 'Montant'} value={values.amount} onChange={(amount) => set({ amount })} required testId="exceptional-amount" />
              {mode === 'debt' ? (
                <AmountInput label="Part du salaire" description="Facultatif" value={values.salary_amount} onChange={(salary_amount) => set({ salary_amount })} testId="exceptional-salary" />
              ) : (
                <PaymentMeansFields
                  types={EXCEPTIONAL_PAYMENT_TYPES}
                  value={{ payment_type: values.payment_type, caisse: values.caisse, operator_id: values.operator_id, phone: values.phone }}
                  onChange={set}
                  active={opened}
                  testId="exceptional-payment"
                />
              )}

              <Textarea
                label={mode === 'debt' ? 'Commentaire' : 'Description'}
                placeholder="Facultatif"
                autosize
                minRows={2}
                maxLength={1000}
                value={values.description}
                onChange={(e) => set({ description: e.currentTarget.value })}
                data-testid="exceptional-description"
              />

              <Button fullWidth onClick={() => void confirm()} loading={submit.isPending} data-testid="exceptional-submit">
                {mode === 'debt' ? 'Endetter le chauffeur' : 'Confirmer'}
              </Button>
            </Stack>
          </FrenchDatesProvider>
        )}
      </Modal>
      <DriverPicker
        opened={opened && picking === 'driver'}
        onClose={() => setPicking(null)}
        value={driver ? [driver.id] : undefined}
        onConfirm={(picked) => {
          const d = picked[0] ?? null;
          setPicking(null);
          setDriver(d);
          set({ driver_id: d?.id ?? null });
          if (d && !values.vehicle_id) void lookUpVehicle(d.id, values.date ?? today);
        }}
      />
      <VehiclePicker
        opened={opened && picking === 'vehicle'}
        onClose={() => setPicking(null)}
        value={vehicle ? [vehicle.id] : undefined}
        allowCreate={false}
        onConfirm={(picked) => {
          const v = picked[0];
          setPicking(null);
          setVehicle(v ? { id: v.id, label: v.registration_number } : null);
          set({ vehicle_id: v?.id ?? null });
        }}
      />
    </>
  );
}
