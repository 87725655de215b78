import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { DRIVER_SAVED_TITLE } from './driver-form.ts';

/** The success dialog after a save: 'Chauffeur enregistré avec succès !' / 'Chauffeur mis à jour avec succès !'. */
export function DriverSavedDialog({ kind, onClose }: { kind: 'created' | 'updated' | null; onClose: () => void }) {
  return (
    <Modal opened={kind !== null} onClose={onClose} centered withCloseButton={false} data-testid="driver-saved-dialog">
      <Stack align="center" gap="md" py="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
            <path d="m5 12 5 5L20 7" />
          </svg>
        </ThemeIcon>
        <Text fw={600} ta="center" size="lg">
          {kind ? DRIVER_SAVED_TITLE[kind] : ''}
        </Text>
        {kind === 'created' ? (
          <Text size="sm" c="dimmed" ta="center">
            Le chauffeur fait maintenant partie de votre parc. Vous pouvez l’affecter à un véhicule.
          </Text>
        ) : null}
        <Group>
          <Button onClick={onClose} data-testid="driver-saved-close">
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
