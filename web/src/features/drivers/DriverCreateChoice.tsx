import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';

/**
 * The first step of 'Recruter un chauffeur': create the driver here, or import them from Yango.
 * The import needs the park's Yango link, which is not built yet: it is shown, disabled, and says
 * so, rather than pretending to search.
 */
export function DriverCreateChoice({ onCreate }: { onCreate: () => void }) {
  return (
    <Stack gap="sm" data-testid="driver-create-choice">
      <Text size="sm" c="dimmed">
        Comment voulez-vous ajouter ce chauffeur ?
      </Text>
      <UnstyledButton onClick={onCreate} data-testid="driver-choice-create">
        <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
          <Text fw={600}>Créer le chauffeur</Text>
          <Text size="sm" c="dimmed">
            Saisir ses informations, sa photo et ses permis dans Flotte.
          </Text>
        </Paper>
      </UnstyledButton>
      <Paper withBorder p="md" radius="md" aria-disabled="true" style={{ opacity: 0.6, cursor: 'not-allowed' }} data-testid="driver-choice-import">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600}>Importer depuis Yango</Text>
          <Badge color="gray" variant="light">
            Indisponible
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Pas encore configuré pour ce parc
        </Text>
      </Paper>
    </Stack>
  );
}
