import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDate } from '../../ui/format.ts';
import type { LicenceInput } from './licences.ts';

/** The licences of the form, each removable, and the button that opens 'Ajouter un permis'. */
export function LicenceList({ licences, onRemove, onAdd }: { licences: readonly LicenceInput[]; onRemove: (type: LicenceInput['type']) => void; onAdd: () => void }) {
  return (
    <Stack gap="xs" data-testid="driver-licences">
      {licences.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun permis ajouté (facultatif).
        </Text>
      ) : (
        licences.map((l) => (
          <Paper key={l.type} withBorder p="xs" radius="sm" data-testid="driver-licence" data-type={l.type}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Badge variant="light" size="lg" radius="sm">
                  {l.type}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {l.driver_licence_number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Délivré le {formatDate(l.delivery_at)} · {l.permanent ? 'Permanent' : `Expire le ${formatDate(l.expire_at)}`}
                  </Text>
                </div>
              </Group>
              <ActionIcon variant="subtle" color="red" aria-label={`Retirer le permis ${l.type}`} onClick={() => onRemove(l.type)}>
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                  <path d="M18 6 6 18M6 6l12 12" />
                </svg>
              </ActionIcon>
            </Group>
          </Paper>
        ))
      )}
      <Group>
        <Button variant="light" size="xs" onClick={onAdd} data-testid="licence-open">
          Ajouter un permis
        </Button>
      </Group>
    </Stack>
  );
}
