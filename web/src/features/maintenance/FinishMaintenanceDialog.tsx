import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAINTENANCE_MESSAGES, MAINTENANCE_TITLES, type TMaintenance } from '@flotte/contract/maintenance';
import { formatMoney } from '../../ui/format.ts';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { FileDrop } from '../../ui/uploads/FileDrop.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { useUsableCaisses } from '../treasury/queries.ts';
import { CASH_OPTION, finishBody, finishDefaults, finishError, finishTotal, setLineAmount, type FinishValues } from './finish-form.ts';
import { maintenanceApi } from './maintenance-api.ts';
import { maintenanceVehicle } from './maintenance-display.ts';
import { invalidatedByFinish, useRepairTypes } from './queries.ts';

export interface FinishMaintenanceDialogProps {
  maintenance: TMaintenance;
  opened: boolean;
  onClose: () => void;
  onFinished?: () => void;
}

const toKm = (v: string | number) => (v === '' ? null : Number(v));

/**
 * 'Entretien effectué' (spec 002 sections 2, 5): the caisse the money leaves (the default cash
 * account only with ACCESS_CAISSE_CASH), the amount paid for each component (the estimate to start
 * with), the invoice, more information and the odometer (and, for an oil change, the next one).
 * 'Valider' writes one expense per repair type through the ledger.
 */
export function FinishMaintenanceDialog({ maintenance, opened, onClose, onFinished }: FinishMaintenanceDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const { parkId } = useSession();
  const park = useActingPark();
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [values, setValues] = useState<FinishValues>(() => finishDefaults(maintenance));
  const [invoice, setInvoice] = useState<File | null>(null);
  const set = (patch: Partial<FinishValues>) => setValues((v) => ({ ...v, ...patch }));
  useEffect(() => {
    if (opened) {
      setValues(finishDefaults(maintenance));
      setInvoice(null);
    }
  }, [opened, maintenance.id]);

  const caisses = useUsableCaisses(opened ? parkId : null);
  const repairTypes = useRepairTypes(opened);
  const caisseOptions = useMemo(
    () =>
      (caisses.data ?? [])
        .filter((c) => !c.is_default || cashAccess)
        .map((c) => ({ value: c.is_default ? CASH_OPTION : c.id, label: `${c.name} · ${formatMoney(c.sold, park?.currency)}` })),
    [caisses.data, cashAccess, park?.currency],
  );
  // The next oil change is asked only when the job includes one.
  const vidange = maintenance.components.some((g) => repairTypes.data?.find((t) => t.id === g.repair_type_id)?.code === 'vidange');

  const finish = useMutation({
    mutationFn: async () => {
      const stored = invoice ? (await maintenanceApi.uploadInvoice(invoice)).path : null;
      return maintenanceApi.update(maintenance.id, finishBody(values, stored));
    },
    meta: { errorToast: false },
  });

  async function submit() {
    const failed = finishError(values, { cashAccess });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      await finish.mutateAsync();
      toast.success(MAINTENANCE_MESSAGES.finished);
      for (const key of invalidatedByFinish) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
      onFinished?.();
    } catch (error) {
      toastApiError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={MAINTENANCE_TITLES.finish} size="lg" fullScreen={fullScreen} data-testid="maintenance-finish-dialog">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {maintenanceVehicle(maintenance.vehicle)}
        </Text>
        <Select
          label="Caisse"
          withAsterisk={!cashAccess}
          placeholder={cashAccess ? 'Compte cash par défaut' : 'Choisir une caisse'}
          data={caisseOptions}
          value={values.caisse}
          onChange={(caisse) => set({ caisse })}
          clearable
          nothingFoundMessage="Aucune caisse"
          comboboxProps={{ withinPortal: true }}
          data-testid="maintenance-finish-caisse"
        />

        <Stack gap="sm" data-testid="maintenance-finish-amounts">
          {maintenance.components.map((g) => (
            <Stack key={g.repair_type_id} gap={6}>
              <Text size="sm" fw={600}>
                {g.repair_type.name}
              </Text>
              {values.lines
                .filter((l) => l.repair_type_id === g.repair_type_id)
                .map((l) => (
                  <AmountInput
                    key={l.component_id}
                    label={l.name}
                    value={l.amount}
                    onChange={(amount) => set({ lines: setLineAmount(values.lines, l, amount) })}
                    testId="maintenance-finish-amount"
                  />
                ))}
            </Stack>
          ))}
          <Text size="sm">
            Total : <Money amount={finishTotal(values.lines)} fw={600} />
          </Text>
        </Stack>

        <FileDrop value={invoice} onChange={setInvoice} label="Facture" testId="maintenance-invoice" />
        <Textarea
          label="Informations complémentaires"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          data-testid="maintenance-finish-description"
        />
        <SimpleGrid cols={{ base: 1, xs: vidange ? 2 : 1 }} spacing="sm">
          <NumberInput
            label="Kilométrage"
            description="Le compteur du véhicule, facultatif"
            value={values.mileage ?? ''}
            onChange={(v) => set({ mileage: toKm(v) })}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            inputMode="numeric"
            rightSection={<Text size="xs" c="dimmed">km</Text>}
            data-testid="maintenance-finish-mileage"
          />
          {vidange ? (
            <NumberInput
              label="Prochaine vidange (km)"
              description="Le kilométrage de la prochaine vidange"
              value={values.mileage_for_vidange ?? ''}
              onChange={(v) => set({ mileage_for_vidange: toKm(v) })}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              hideControls
              inputMode="numeric"
              data-testid="maintenance-finish-next-vidange"
            />
          ) : null}
        </SimpleGrid>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={finish.isPending} data-testid="maintenance-finish-submit">
            Valider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
