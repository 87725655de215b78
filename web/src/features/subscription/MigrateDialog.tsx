import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { Money } from '../../ui/Money.tsx';
import { toastApiError } from '../../ui/toast.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import { useMigrationQuote } from './queries.ts';
import { subscriptionApi } from './subscription-api.ts';

/**
 * 'Passer au compte professionnel': the professional plan of the same type and period, and what
 * the days left cost at its price (nothing on trial: applied at once, 'Migration réussie').
 */
export default function MigrateDialog({ info, onClose }: { info: TSubscriptionInfo; onClose: () => void }) {
  const subscriptionId = info.subscription?.id ?? null;
  const quote = useMigrationQuote(subscriptionId);
  const migrate = useMutation({ mutationFn: () => subscriptionApi.migrate(subscriptionId!), meta: { errorToast: false } });

  return (
    <PurchaseDialog title="Passer au compte professionnel" onClose={onClose} testId="subscription-migrate-dialog">
      {(onAnswer) => (
        <Stack gap="md">
          <Text size="sm">{'Le compte professionnel garde vos véhicules et vos dates\u00a0; seul le prix par véhicule change.'}</Text>
          {quote.isError ? (
            <Alert color="red" data-testid="migrate-quote-error">
              {quote.error.message}
            </Alert>
          ) : !quote.data ? (
            <Skeleton h={96} radius="md" />
          ) : (
            <Paper withBorder radius="md" p="sm" data-testid="migrate-quote">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" style={{ flexShrink: 0 }}>
                    Forfait
                  </Text>
                  <Text size="sm" fw={600} ta="right">
                    {quote.data.plan.label} professionnel
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Prix par véhicule</Text>
                  <Money amount={quote.data.plan.price_per_vehicle} currency={quote.data.plan.currency} size="sm" />
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">Jours restants</Text>
                  <Text size="sm">
                    {quote.data.days_left} / {quote.data.period_days}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>À payer</Text>
                  <Money amount={quote.data.amount} currency={quote.data.plan.currency} fw={700} size="lg" data-testid="migrate-amount" />
                </Group>
              </Stack>
            </Paper>
          )}
          <Button fullWidth disabled={!quote.data} loading={migrate.isPending} onClick={() => migrate.mutate(undefined, { onSuccess: onAnswer, onError: toastApiError })} data-testid="migrate-submit">
            {quote.data?.amount === 0 ? 'Confirmer le passage' : 'Continuer vers le paiement'}
          </Button>
        </Stack>
      )}
    </PurchaseDialog>
  );
}
