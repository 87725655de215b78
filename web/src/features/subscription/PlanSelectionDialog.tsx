import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Paper, Radio, SegmentedControl, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES } from '@flotte/contract/signup';
import {
  PLAN_PERIOD_LABELS,
  PLAN_PERIODS,
  SUBSCRIPTION_COUNTRIES,
  SUBSCRIPTION_COUNTRY_LABELS,
  SUBSCRIPTION_MESSAGES as M,
  type TAccountType,
  type TPlanPeriod,
  type TSubscriptionCountry,
  type TSubscriptionInfo,
} from '@flotte/contract/subscriptions';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { PlanCard } from './PlanCard.tsx';
import { annualDiscountText, vehicleCountProblem } from './plan-display.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { usePlans, usePlanSelection } from './queries.ts';
import { subscriptionApi } from './subscription-api.ts';
import { dayText, defaultCountry } from './subscription-view.ts';
import { VehicleCountInput } from './VehicleCountInput.tsx';

const COUNTRY_OPTIONS = SUBSCRIPTION_COUNTRIES.map((c) => ({ value: c, label: SUBSCRIPTION_COUNTRY_LABELS[c] }));

export interface PlanSelectionDialogProps {
  info: TSubscriptionInfo;
  /** 'subscribe' on trial or without a subscription; 'change' while a paid one runs (same country and account type). */
  mode: 'subscribe' | 'change';
  onClose: () => void;
}

/**
 * 'Choisir un forfait' / 'Changer de forfait': the country, the account type and the period pick
 * the plans (GET /subscription/by-country); a plan and a vehicle count give the amount
 * (select-subscription, with the credit of the days left for a change); 'Continuer' creates the
 * invoice (subscribe or change-subscription) and the payment step follows.
 */
export default function PlanSelectionDialog({ info, mode, onClose }: PlanSelectionDialogProps) {
  const change = mode === 'change';
  const current = info.subscription;
  const parkCountry = defaultCountry(info);
  const [country, setCountry] = useState<TSubscriptionCountry>(parkCountry);
  const [accountType, setAccountType] = useState<TAccountType>(info.application_type);
  const [period, setPeriod] = useState<TPlanPeriod>(current?.plan ?? 'monthly');
  const [planId, setPlanId] = useState<string | null>(null);
  const [vehicles, setVehicles] = useState<number | null>(change && current ? current.vehicle_number : Math.max(1, info.vehicles_used));

  const filter = { country_code: country, account_type: accountType };
  const plans = usePlans({ ...filter, period }, true);
  const annual = usePlans({ ...filter, period: 'annual' }, true);
  const discount = annualDiscountText(annual.data);
  const plan = plans.data?.find((p) => p.id === planId) ?? null;
  const problem = vehicleCountProblem(vehicles, info.vehicles_used, plan);
  const selection = usePlanSelection(plan ? plan.id : null, problem ? null : vehicles);

  // Another country, account type or period lists other plans: the choice starts again.
  useEffect(() => setPlanId(null), [country, accountType, period]);

  const buy = useMutation({
    mutationFn: () =>
      change
        ? subscriptionApi.change({ subscription_id: planId!, vehicle_number: vehicles! })
        : subscriptionApi.subscribe({ subscription_id: planId!, vehicle_number: vehicles!, vtc_app_type: accountType }),
    meta: { errorToast: false },
  });

  const title = change ? 'Changer de forfait' : 'Choisir un forfait';
  return (
    <PurchaseDialog title={title} onClose={onClose} testId="plan-selection-dialog">
      {(onAnswer) => {
        const submit = () => {
          if (!planId) return void toast.error(M.planRequired);
          if (problem) return void toast.error(problem);
          buy.mutate(undefined, { onSuccess: onAnswer, onError: toastApiError });
        };
        return (
          <Stack gap="md" data-testid="plan-selection">
            <Select
              label="Pays"
              data={COUNTRY_OPTIONS}
              value={country}
              onChange={(v) => v && setCountry(v as TSubscriptionCountry)}
              allowDeselect={false}
              disabled={change}
              description={country !== parkCountry ? `Pour comparer\u00a0: votre parc ne peut souscrire qu'aux forfaits du pays où il se trouve (${SUBSCRIPTION_COUNTRY_LABELS[parkCountry]}).` : undefined}
              comboboxProps={{ withinPortal: true }}
              data-testid="plan-country"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="plan-account-type-label">
                Type de compte
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="plan-account-type-label"
                value={accountType}
                onChange={(v) => setAccountType(v as TAccountType)}
                disabled={change}
                data={ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }))}
                data-testid="plan-account-type"
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="plan-period-label">
                Période
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="plan-period-label"
                value={period}
                onChange={(v) => setPeriod(v as TPlanPeriod)}
                data={PLAN_PERIODS.map((p) => ({
                  value: p,
                  label:
                    p === 'annual' && discount ? (
                      <Group gap={6} justify="center" wrap="nowrap">
                        <span>{PLAN_PERIOD_LABELS[p]}</span>
                        <Badge size="xs" color="teal" variant="filled" tt="none" data-testid="plan-annual-discount">
                          {discount}
                        </Badge>
                      </Group>
                    ) : (
                      PLAN_PERIOD_LABELS[p]
                    ),
                }))}
                data-testid="plan-period"
              />
            </Stack>

            {plans.isError ? (
              <Alert color="red">{plans.error.message}</Alert>
            ) : !plans.data ? (
              <Stack gap="xs">
                <Skeleton h={104} radius="md" />
                <Skeleton h={104} radius="md" />
              </Stack>
            ) : plans.data.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="plan-none">
                Aucun forfait proposé pour ce choix.
              </Text>
            ) : (
              <Radio.Group value={planId} onChange={setPlanId} label="Forfait" withAsterisk>
                <Stack gap="xs" mt={6}>
                  {plans.data.map((p) => (
                    <PlanCard key={p.id} plan={p} current={change && current?.plan_id === p.id} />
                  ))}
                </Stack>
              </Radio.Group>
            )}

            <VehicleCountInput
              label="Nombre de véhicules"
              description={info.vehicles_used > 0 ? `Le parc utilise ${info.vehicles_used} véhicule${info.vehicles_used > 1 ? 's' : ''}.` : undefined}
              value={vehicles}
              onChange={setVehicles}
              max={plan?.max_vehicles ?? undefined}
              error={vehicles !== null ? problem : null}
              testId="plan-vehicles"
            />

            {plan && !problem ? (
              <Paper withBorder radius="md" p="sm" data-testid="plan-amount">
                {selection.isError ? (
                  <Text size="sm" c="red">
                    {selection.error.message}
                  </Text>
                ) : !selection.data ? (
                  <Skeleton h={48} />
                ) : (
                  <Stack gap={4}>
                    <Text size="xs" c="dimmed">
                      Du {dayText(selection.data.period_start)} au {dayText(selection.data.period_end)} · {selection.data.vehicle_number} véhicule
                      {selection.data.vehicle_number > 1 ? 's' : ''}
                    </Text>
                    {selection.data.credit > 0 ? (
                      <Group justify="space-between" wrap="nowrap">
                        <Text size="sm">Avoir (jours restants)</Text>
                        <Money amount={-selection.data.credit} currency={selection.data.plan.currency} size="sm" data-testid="plan-credit" />
                      </Group>
                    ) : null}
                    <Divider />
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700}>À payer</Text>
                      <Money amount={selection.data.amount} currency={selection.data.plan.currency} fw={700} size="lg" data-testid="plan-total" />
                    </Group>
                  </Stack>
                )}
              </Paper>
            ) : null}

            <Button fullWidth onClick={submit} loading={buy.isPending} disabled={!plan || country !== parkCountry} data-testid="plan-submit">
              Continuer vers le paiement
            </Button>
          </Stack>
        );
      }}
    </PurchaseDialog>
  );
}
