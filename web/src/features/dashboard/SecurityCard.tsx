import { useState } from 'react';
import { Button, Card, Text, Title } from '@mantine/core';
import dayjs from '../../ui/dayjs.ts';
import { usePinStepUp } from '../../ui/usePinStepUp.tsx';

/** Lets a person try the PIN step-up that will guard sensitive actions. */
export function SecurityCard() {
  const { requirePin } = usePinStepUp();
  const [verifiedAt, setVerifiedAt] = useState<Date | null>(null);
  return (
    <Card withBorder radius="md" padding="md" data-testid="security-card">
      <Title order={2} fz="h4" mb="sm">
        Sécurité
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Votre code PIN à 5 chiffres confirme les actions sensibles (paiements, retraits, annulations).
      </Text>
      {verifiedAt ? (
        <Text size="sm" c="teal" mb="sm" data-testid="identity-verified-at">
          Identité vérifiée à {dayjs(verifiedAt).format('HH:mm')}.
        </Text>
      ) : null}
      <Button variant="light" onClick={() => requirePin(() => setVerifiedAt(new Date()))} data-testid="security-verify-identity">
        Vérifier mon identité
      </Button>
    </Card>
  );
}
