import { useEffect, useRef } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SUBSCRIPTION_UPGRADE_PATH } from '@flotte/contract/subscriptions';

/**
 * Where the vehicle form says the subscription does not cover one more vehicle (or has ended):
 * the server's message and a way to raise the count (the subscription screen opens its dialog).
 */
export function VehicleLimitAlert({ message, onFollow }: { message: string; onFollow?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // It sits above the form, which the person has scrolled past to reach 'Créer le véhicule' (a phone especially).
  // (A block body: Chromium's scrollIntoView now returns a promise, which React would call as the cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [message]);
  return (
    <Alert ref={ref} color="orange" variant="light" mb="md" title="Limite de votre abonnement" data-testid="vehicle-limit-alert">
      <Stack gap={6} align="flex-start">
        <Text size="sm">{message}</Text>
        <Anchor component={Link} to={SUBSCRIPTION_UPGRADE_PATH} onClick={onFollow} size="sm" fw={700} data-testid="vehicle-limit-upgrade">
          Augmenter mon abonnement
        </Anchor>
      </Stack>
    </Alert>
  );
}
