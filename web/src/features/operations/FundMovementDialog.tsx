// The calendar's styles come with this dialog, never with the first screen.
import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { componentsTotal, encodeSubAccount, isMaintenanceCode, needsDriverAndVehicle, OPERATION_MESSAGES, OPERATION_SUCCESS, ZCarComponentInput } from '@flotte/contract/operations';
import type { TPnlType } from '@flotte/contract/pnl';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { NewNameDialog } from '../../ui/dialogs/NewNameDialog.tsx';
import { formatMoney } from '../../ui/format.ts';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { FileDrop } from '../../ui/uploads/FileDrop.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { DriverPicker } from '../drivers/DriverPicker.tsx';
import { VehiclePicker } from '../vehicles/VehiclePicker.tsx';
import {
  CASH_OPTION,
  firstFundMovementError,
  fundMovementBody,
  fundMovementDefaults,
  fundMovementTitle,
  toggleComponent,
  withType,
  type FundMovementMode,
  type FundMovementValues,
} from './fund-movement-form.ts';
import { operationsApi } from './operations-api.ts';
import { invalidatedByOperations, operationKeys, useCarComponents, useFuelTypes, useOperationCaisses, useSubAccounts } from './queries.ts';

export interface FundMovementDialogProps {
  opened: boolean;
  onClose: () => void;
  /** 'expense' ('Enregistrer une dépense') or 'operation' ('Enregistrer une opération'). */
  mode?: FundMovementMode;
  /** A mobile-money transaction the operation records (then the amount may stay empty). */
  transactionId?: string | null;
  /** Choosing driver_encaissement hands over to the driver-collection dialog, when the screen has one. */
  onDriverCollection?: () => void;
  /** Called with the created operation, after the dialog closed. */
  onCreated?: (id: string) => void;
}

/** Today in the park's zone (yyyy-MM-dd). */
const todayIn = (timeZone: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined }).format(new Date());

interface Pick {
  id: string;
  label: string;
}

/**
 * The fund movement dialog (spec 001 sections 2.1, 4, 5): a revenue or an expense filed under a
 * sub-account, in a caisse, with the fuel, vehicle, driver and components the sub-account asks
 * for. The 8 checks run here first, in the spec's order (the server runs the same ones).
 */
export function FundMovementDialog({ opened, onClose, mode, transactionId, onDriverCollection, onCreated }: FundMovementDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const { parkId } = useSession();
  const park = useActingPark();
  const { can, ready } = usePermissions();
  const allowed = can('CREATE_OPERATION');
  const cashAccess = can('ACCESS_CAISSE_CASH');
  const fresh = () => fundMovementDefaults({ mode, transactionId, today: todayIn(park?.time_zone) });
  const [values, setValues] = useState<FundMovementValues>(fresh);
  const [driver, setDriver] = useState<Pick | null>(null);
  const [vehicle, setVehicle] = useState<Pick | null>(null);
  const [noVehicle, setNoVehicle] = useState(false);
  const [picking, setPicking] = useState<'driver' | 'vehicle' | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [addingComponent, setAddingComponent] = useState(false);
  const set = (patch: Partial<FundMovementValues>) => setValues((v) => ({ ...v, ...patch }));

  const active = opened && allowed;
  const subAccounts = useSubAccounts(values.type, active);
  const caisses = useOperationCaisses(parkId, active);
  const code = values.sub_account_code;
  const fuelTypes = useFuelTypes(active && code === 'carburant');
  const maintenance = isMaintenanceCode(code);
  const components = useCarComponents(active && maintenance);

  function reset() {
    setValues(fresh());
    setDriver(null);
    setVehicle(null);
    setNoVehicle(false);
    setProof(null);
  }
  // Closing resets the form (spec 001 section 4); so does opening it in another mode.
  useEffect(() => {
    if (opened) reset();
  }, [opened, mode, transactionId]);

  const subOptions = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const s of subAccounts.data ?? []) {
      const items = groups.get(s.accounting_category.name) ?? [];
      items.push({ value: encodeSubAccount(s), label: s.name });
      groups.set(s.accounting_category.name, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [subAccounts.data]);

  const caisseOptions = useMemo(
    () =>
      (caisses.data ?? [])
        .filter((c) => !c.is_default || cashAccess)
        .map((c) => (c.is_default ? { value: CASH_OPTION, label: `${c.name} (${formatMoney(c.sold, park?.currency)})` } : { value: c.id, label: c.name })),
    [caisses.data, cashAccess, park?.currency],
  );

  const create = useMutation({
    mutationFn: async () => {
      const fileLink = proof ? (await operationsApi.uploadProof(proof)).path : values.file_link;
      return operationsApi.create(fundMovementBody({ ...values, file_link: fileLink }, { timeZone: park?.time_zone ?? 'Africa/Douala', transactionId }));
    },
    meta: { errorToast: false },
  });

  async function submit() {
    const failed = firstFundMovementError(values, { cashAccess, transactionId });
    if (failed) {
      toast.error(failed.message);
      return;
    }
    try {
      const created = await create.mutateAsync();
      toast.success(OPERATION_SUCCESS.created);
      for (const key of invalidatedByOperations) void queryClient.invalidateQueries({ queryKey: key });
      reset();
      onClose();
      onCreated?.(created.id);
    } catch (error) {
      toastApiError(error);
    }
  }

  /** The day's planning picks the other half: a driver's vehicle, a vehicle's driver. */
  async function lookUp(q: { driver_id?: string; vehicle_id?: string }) {
    if (!values.day) return;
    try {
      const found = await operationsApi.dayAssignment({ ...q, date: values.day });
      if (q.driver_id) {
        setNoVehicle(!found.vehicle);
        if (found.vehicle) {
          setVehicle({ id: found.vehicle.id, label: found.vehicle.registration_number });
          set({ vehicle_id: found.vehicle.id });
        }
      } else if (found.driver) {
        setDriver({ id: found.driver.id, label: `${found.driver.last_name} ${found.driver.first_name}` });
        set({ driver_id: found.driver.id });
        setNoVehicle(false);
      }
    } catch {
      // The lookup only helps: the person can still choose by hand.
    }
  }

  const close = () => {
    reset();
    onClose();
  };

  if (ready && !allowed) {
    // Spec 001 section 6: without CREATE_OPERATION the dialog is access-restricted and has no close.
    return (
      <Modal opened={opened} onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title={fundMovementTitle(mode)} data-testid="fund-movement-dialog">
        <AccessDenied />
      </Modal>
    );
  }

  return (
    <>
      <Modal opened={opened && picking === null && !addingComponent} onClose={close} title={fundMovementTitle(mode)} size="lg" fullScreen={fullScreen} data-testid="fund-movement-dialog">
        <FrenchDatesProvider>
          <Stack gap="md">
            <Radio.Group
              label="Type"
              value={values.type}
              onChange={(v) => setValues((cur) => withType(cur, v as TPnlType))}
              data-testid="fund-movement-type"
            >
              <Group gap="lg" mt={4}>
                <Radio value="profit" label="Revenu" />
                <Radio value="perte" label="Dépense" />
              </Group>
            </Radio.Group>

            <Stack gap={4}>
              <Select
                label="Type de mouvement"
                placeholder="Rechercher un sous-compte"
                data={subOptions}
                value={values.sub_account}
                onChange={(v) => {
                  const sub = (subAccounts.data ?? []).find((s) => encodeSubAccount(s) === v);
                  if (sub?.code === 'driver_encaissement') {
                    if (onDriverCollection) {
                      close();
                      onDriverCollection();
                    } else toast.error("L'encaissement d'un chauffeur se fait depuis l'écran des encaissements");
                    return;
                  }
                  set({ sub_account: v, sub_account_code: sub?.code ?? null, components: [] });
                }}
                searchable
                nothingFoundMessage="Aucun élément trouvé"
                comboboxProps={{ withinPortal: true }}
                data-testid="fund-movement-sub-account"
              />
              <Anchor component={Link} to="/dashboard/pnl" size="xs" onClick={close}>
                Ajouter un type de {values.type === 'profit' ? 'revenu' : 'dépense'}
              </Anchor>
            </Stack>

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DatePickerInput
                label="Date de l'opération"
                placeholder="jj/mm/aaaa"
                valueFormat="DD/MM/YYYY"
                value={values.day}
                onChange={(v) => set({ day: v || null })}
                popoverProps={{ withinPortal: true }}
                data-testid="fund-movement-date"
              />
              <Select
                label="Caisse"
                placeholder={cashAccess ? 'Compte cash par défaut' : 'Choisir une caisse'}
                data={caisseOptions}
                value={values.caisse}
                onChange={(v) => set({ caisse: v })}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="fund-movement-caisse"
              />
            </SimpleGrid>

            {maintenance ? (
              <Text size="sm">
                Montant : <Money amount={componentsTotal(values.components)} fw={600} />
              </Text>
            ) : (
              <AmountInput label="Montant" value={values.amount} onChange={(v) => set({ amount: v })} testId="fund-movement-amount" />
            )}

            {code === 'carburant' ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Select
                  label="Type de carburant"
                  data={(fuelTypes.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
                  value={values.type_carburant_id}
                  onChange={(v) => set({ type_carburant_id: v })}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="fund-movement-fuel"
                />
                <NumberInput
                  label="Consommation (litres)"
                  value={values.litre_carburant ?? ''}
                  onChange={(v) => set({ litre_carburant: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
                  decimalScale={2}
                  min={0}
                  hideControls
                  inputMode="decimal"
                  data-testid="fund-movement-litres"
                />
              </SimpleGrid>
            ) : null}

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Véhicule{needsDriverAndVehicle(code) || code === 'assurance' ? ' *' : ''}
                </Text>
                <Button variant="default" justify="space-between" onClick={() => setPicking('vehicle')} data-testid="fund-movement-vehicle">
                  {vehicle?.label ?? 'Choisir un véhicule'}
                </Button>
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Chauffeur{needsDriverAndVehicle(code) ? ' *' : ''}
                </Text>
                <Button variant="default" justify="space-between" onClick={() => setPicking('driver')} data-testid="fund-movement-driver">
                  {driver?.label ?? 'Choisir un chauffeur'}
                </Button>
              </Stack>
            </SimpleGrid>
            {noVehicle ? (
              <Alert color="orange" variant="light" p="xs" data-testid="fund-movement-no-vehicle">
                {OPERATION_MESSAGES.noVehicle}
              </Alert>
            ) : null}

            {maintenance ? (
              <Stack gap="xs" data-testid="fund-movement-components">
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    Éléments concernés
                  </Text>
                  <Button variant="subtle" size="xs" onClick={() => setAddingComponent(true)}>
                    Nouvel élément
                  </Button>
                </Group>
                {(components.data ?? []).map((c) => {
                  const line = values.components.find((l) => l.id === c.id);
                  return (
                    <Group key={c.id} justify="space-between" wrap="nowrap" gap="sm">
                      <Checkbox label={c.name} checked={!!line} onChange={() => set({ components: toggleComponent(values.components, c.id) })} />
                      {line ? (
                        <AmountInput
                          value={line.amount}
                          onChange={(amount) => set({ components: values.components.map((l) => (l.id === c.id ? { ...l, amount } : l)) })}
                          testId={`fund-movement-component-${c.id}`}
                        />
                      ) : null}
                    </Group>
                  );
                })}
              </Stack>
            ) : null}

            <Textarea label="Commentaire" autosize minRows={2} maxLength={1000} value={values.comment} onChange={(e) => set({ comment: e.currentTarget.value })} data-testid="fund-movement-comment" />
            <FileDrop value={proof} onChange={setProof} label="Justificatif" testId="fund-movement-proof" />

            <Group justify="flex-end">
              <Button onClick={() => void submit()} loading={create.isPending} data-testid="fund-movement-submit">
                Confirmer
              </Button>
            </Group>
          </Stack>
        </FrenchDatesProvider>
      </Modal>

      <DriverPicker
        opened={opened && picking === 'driver'}
        onClose={() => setPicking(null)}
        value={driver ? [driver.id] : undefined}
        onConfirm={(picked) => {
          const d = picked[0];
          setPicking(null);
          setDriver(d ? { id: d.id, label: `${d.last_name} ${d.first_name}` } : null);
          set({ driver_id: d?.id ?? null });
          if (d) void lookUp({ driver_id: d.id });
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
          // A vehicle chosen by hand is the one linked, whatever the planning says.
          setVehicle(v ? { id: v.id, label: v.registration_number } : null);
          set({ vehicle_id: v?.id ?? null });
          setNoVehicle(false);
          if (v && !values.driver_id) void lookUp({ vehicle_id: v.id });
        }}
      />
      <NewNameDialog
        opened={opened && addingComponent}
        onClose={() => setAddingComponent(false)}
        title="Nouvel élément"
        label="Nom de l'élément"
        schema={ZCarComponentInput}
        save={(name) => operationsApi.addComponent(name)}
        successMessage={OPERATION_SUCCESS.componentAdded}
        onCreated={(c) => {
          void queryClient.invalidateQueries({ queryKey: operationKeys.components() });
          set({ components: toggleComponent(values.components, c.id) });
        }}
        testId="car-component-new"
      />
    </>
  );
}
