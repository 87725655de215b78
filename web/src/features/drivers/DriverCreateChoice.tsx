import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../auth/permissions.ts';
import { useYangoConnection } from '../yango/useYangoConnection.ts';

/**
 * The first step of 'Recruter un chauffeur': create the driver here, or import them from Yango.
 * The import needs the park's Yango connection: without it the choice is shown, disabled, and
 * says so (with the way to the company profile for those who may set it up).
 */
export function DriverCreateChoice({ onCreate, onImport }: { onCreate: () => void; onImport?: () => void }) {
  const connection = useYangoConnection();
  const { can } = usePermissions();
  const connected = connection.data?.connected === true && onImport !== undefined;
  return (
    <Stack gap="sm" data-testid="driver-create-choice">
      <Text size="sm" c="dimmed">
        Comment voulez-vous ajouter ce chauffeur ?
      </Text>
      <UnstyledButton onClick={onCreate} data-testid="driver-choice-create">
        <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
          <Text fw={600}>Créer le chauffeur</Text>
          <Text size="sm" c="dimmed">
            Saisir ses informations, sa photo et ses permis dans Flotte.
          </Text>
        </Paper>
      </UnstyledButton>
      {connection.isPending ? (
        <Skeleton h={74} radius="md" />
      ) : connected ? (
        <UnstyledButton onClick={onImport} data-testid="driver-choice-import">
          <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
            <Text fw={600}>Importer depuis Yango</Text>
            <Text size="sm" c="dimmed">
              Retrouver le chauffeur sur Yango par son téléphone ; il confirme avec le code reçu par SMS.
            </Text>
          </Paper>
        </UnstyledButton>
      ) : (
        <Paper withBorder p="md" radius="md" data-testid="driver-choice-import">
          {/* Only the choice is disabled: the way to set Yango up stays a working link. */}
          <div aria-disabled="true" style={{ cursor: 'not-allowed' }} data-testid="driver-choice-import-disabled">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text fw={600} c="dimmed">
                Importer depuis Yango
              </Text>
              <Badge color="gray" variant="light">
                Indisponible
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Yango n'est pas encore configuré pour ce parc.
            </Text>
          </div>
          {can('UPDATE_PARK_INFO') ? (
            <Anchor component={Link} to="/dashboard/company#yango" size="sm" data-testid="driver-choice-import-setup">
              Configurer Yango dans le profil de l'entreprise
            </Anchor>
          ) : null}
        </Paper>
      )}
    </Stack>
  );
}
