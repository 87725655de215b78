import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { EXTEND_MAX_PERIODS, PLAN_PERIOD_LABELS, ZExtendBody, type TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { toastApiError } from '../../ui/toast.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { subscriptionApi } from './subscription-api.ts';
import { dayText } from './subscription-view.ts';
import { VehicleCountInput } from './VehicleCountInput.tsx';

const PERIOD_WORD = { monthly: 'mois', annual: 'an(s)' } as const;

/**
 * 'Prolonger': more periods of the same plan after the last paid day, for as many vehicles as
 * now unless the person changes it.
 */
export default function ExtendDialog({ info, onClose }: { info: TSubscriptionInfo; onClose: () => void }) {
  const sub = info.subscription;
  const [periods, setPeriods] = useState<number | null>(1);
  const [vehicles, setVehicles] = useState<number | null>(sub?.vehicle_number ?? info.vehicles_allowed);
  const [errors, setErrors] = useState<{ periods?: string; vehicle_number?: string }>({});
  const extend = useMutation({ mutationFn: subscriptionApi.extend, meta: { errorToast: false } });
  const period = sub?.plan ?? 'monthly';
  const after = dayText(info.ends_on);

  return (
    <PurchaseDialog title="Prolonger mon abonnement" onClose={onClose} testId="subscription-extend-dialog">
      {(onAnswer) => {
        const submit = () => {
          const parsed = ZExtendBody.safeParse({ periods: periods ?? undefined, vehicle_number: vehicles ?? undefined });
          if (!parsed.success) {
            const next: typeof errors = {};
            for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof errors] ??= issue.message;
            setErrors(next);
            return;
          }
          extend.mutate(parsed.data, { onSuccess: onAnswer, onError: toastApiError });
        };
        return (
          <Stack gap="md">
            <Text size="sm">
              {sub?.label} · {PLAN_PERIOD_LABELS[period]}
              {after ? ` · la prolongation commence après le ${after}` : ''}
            </Text>
            <VehicleCountInput
              label={`Nombre de périodes (${PERIOD_WORD[period]})`}
              value={periods}
              onChange={(v) => {
                setPeriods(v);
                setErrors((e) => ({ ...e, periods: undefined }));
              }}
              max={EXTEND_MAX_PERIODS}
              error={errors.periods}
              testId="extend-periods"
            />
            <VehicleCountInput
              label="Nombre de véhicules"
              value={vehicles}
              onChange={(v) => {
                setVehicles(v);
                setErrors((e) => ({ ...e, vehicle_number: undefined }));
              }}
              error={errors.vehicle_number}
              testId="extend-vehicles"
            />
            <Button fullWidth onClick={submit} loading={extend.isPending} data-testid="extend-submit">
              Continuer vers le paiement
            </Button>
          </Stack>
        );
      }}
    </PurchaseDialog>
  );
}
