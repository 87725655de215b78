import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZUpgradeVehicleBody, type TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { toastApiError } from '../../ui/toast.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { subscriptionApi } from './subscription-api.ts';
import { dayText } from './subscription-view.ts';
import { VehicleCountInput } from './VehicleCountInput.tsx';

/**
 * 'Ajouter des véhicules': how many to add to the running subscription, paid prorated from today
 * to its end (the server prices it and answers the invoice).
 */
export default function UpgradeDialog({ info, onClose }: { info: TSubscriptionInfo; onClose: () => void }) {
  const [added, setAdded] = useState<number | null>(1);
  const [error, setError] = useState<string | null>(null);
  const upgrade = useMutation({ mutationFn: (n: number) => subscriptionApi.upgrade(n), meta: { errorToast: false } });
  const end = dayText(info.subscription?.end_date);

  return (
    <PurchaseDialog title="Ajouter des véhicules" onClose={onClose} testId="subscription-upgrade-dialog">
      {(onAnswer) => {
        const submit = () => {
          const parsed = ZUpgradeVehicleBody.safeParse({ vehicle_number: added ?? undefined });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? null);
            return;
          }
          upgrade.mutate(parsed.data.vehicle_number, { onSuccess: onAnswer, onError: toastApiError });
        };
        return (
          <Stack gap="md">
            <Text size="sm">
              Votre abonnement couvre {info.vehicles_allowed} véhicules, dont {info.vehicles_used} utilisés.
            </Text>
            <VehicleCountInput
              label="Nombre de véhicules à ajouter"
              description={added ? `Votre abonnement couvrira ${info.vehicles_allowed + added} véhicules jusqu'au ${end}.` : undefined}
              value={added}
              onChange={(v) => {
                setAdded(v);
                setError(null);
              }}
              error={error}
              testId="upgrade-vehicles"
            />
            <Text size="xs" c="dimmed">
              Le montant est calculé sur les jours restants de votre abonnement.
            </Text>
            <Button fullWidth onClick={submit} loading={upgrade.isPending} data-testid="upgrade-submit">
              Continuer vers le paiement
            </Button>
          </Stack>
        );
      }}
    </PurchaseDialog>
  );
}
