import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SALARY_PAYMENT_TYPE_LABELS, SALARY_PAYMENT_TYPES, SALARY_SUCCESS, type TSalaryPaymentType } from '@flotte/contract/salary';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { caisseOptions } from '../treasury/caisse-options.ts';
import { useUsableCaisses } from '../treasury/queries.ts';
import { salaryApi } from './salary-api.ts';
import type { SalaryFigure } from './salary-net.ts';
import type { SalaryDriver } from './SalaryTab.tsx';

/** What a salary payment changes: the salary itself, the money screens, the driver's balance, the dashboard. */
const INVALIDATED = [['salary'], ['operations'], ['treasury'], ['accounting'], ['pnl'], ['drivers'], ['fleet-dashboard']] as const;

/**
 * Step 2 of the salary payment (spec 001 section 4): the payment method (cash from a caisse, or
 * onto the driver's balance) and the confirmation. 'Annuler' goes back to step 1.
 */
export function SalaryPaymentStep({
  driver,
  from,
  to,
  figure,
  currency,
  onCancel,
  onPaid,
}: {
  driver: SalaryDriver;
  from: string;
  to: string;
  figure: SalaryFigure;
  currency: string;
  onCancel: () => void;
  onPaid: () => void;
}) {
  const queryClient = useQueryClient();
  const { parkId } = useSession();
  const park = useActingPark();
  const caisses = useUsableCaisses(parkId);
  const [type, setType] = useState<TSalaryPaymentType>('cash');
  const [caisseId, setCaisseId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const chosenCaisse = caisseId ?? caisses.data?.find((c) => c.is_default)?.id ?? null;

  const pay = useMutation({
    mutationFn: () =>
      salaryApi.pay({
        driver_id: driver.id,
        start_date: from,
        end_date: to,
        payment_type: type,
        caisse_id: type === 'cash' ? (chosenCaisse ?? undefined) : undefined,
        reason: reason.trim() || undefined,
        contraventions_to_reduct_on_salary: figure.penaltyIds,
      }),
    // A refusal (not the owner, nothing to pay, a penalty deducted meanwhile) shows as the global error toast.
    onSuccess: () => {
      toast.success(SALARY_SUCCESS.paid);
      for (const key of INVALIDATED) void queryClient.invalidateQueries({ queryKey: key });
      onPaid();
    },
  });

  return (
    <Stack gap="md" data-testid="salary-confirm">
      <Card withBorder radius="md" padding="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Salaire de {driver.last_name} {driver.first_name}, du {from.split('-').reverse().join('/')} au {to.split('-').reverse().join('/')}
          </Text>
          <Group gap="xs" align="baseline">
            <Text fw={500}>Net à payer :</Text>
            <Money amount={figure.net} currency={currency} fz="xl" fw={700} data-testid="salary-confirm-net" />
          </Group>
          {figure.deducted > 0 ? (
            <Text size="xs" c="dimmed">
              Brut <Money amount={figure.gross} currency={currency} size="xs" /> − pénalités <Money amount={figure.deducted} currency={currency} size="xs" />
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Radio.Group label="Mode de paiement" value={type} onChange={(v) => setType(v as TSalaryPaymentType)} data-testid="salary-payment-type">
        <Group mt={6}>
          {SALARY_PAYMENT_TYPES.map((t) => (
            <Radio key={t} value={t} label={SALARY_PAYMENT_TYPE_LABELS[t]} data-testid={`salary-payment-${t}`} />
          ))}
        </Group>
      </Radio.Group>
      {type === 'cash' ? (
        <Select
          label="Caisse"
          placeholder="Choisissez une caisse"
          data={caisseOptions(caisses.data ?? [], park?.currency)}
          value={chosenCaisse}
          onChange={setCaisseId}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="salary-caisse"
        />
      ) : (
        <Alert color="blue" variant="light">
          Le net est crédité sur le solde du chauffeur, qui pourra le retirer.
        </Alert>
      )}
      <Textarea label="Motif" placeholder="Salaire du mois" autosize minRows={2} maxRows={4} value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="salary-reason" />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pay.isPending} data-testid="salary-cancel">
          Annuler
        </Button>
        <Button onClick={() => pay.mutate()} loading={pay.isPending} disabled={!figure.canPay || (type === 'cash' && !chosenCaisse)} data-testid="salary-confirm-pay">
          Confirmer le paiement
        </Button>
      </Group>
    </Stack>
  );
}
