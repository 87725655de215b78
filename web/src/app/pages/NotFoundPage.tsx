import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCodes } from '@flotte/contract';

/** Unknown address, inside or outside the dashboard. */
export function NotFoundContent() {
  return (
    <Stack align="center" gap="sm" maw={420} data-testid="not-found">
      <Text fz={48} fw={800} c="brand" lh={1}>
        404
      </Text>
      <Title order={1} fz="h3" ta="center">
        Page introuvable
      </Title>
      <Text c="dimmed" ta="center">
        {ErrorCodes.ROUTE_NOT_FOUND.message}
      </Text>
      <Button component={Link} to="/dashboard">
        Retour au tableau de bord
      </Button>
    </Stack>
  );
}

export default function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <NotFoundContent />
    </Center>
  );
}
