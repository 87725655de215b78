import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TVehicleDetail } from '@flotte/contract/vehicles';

/**
 * What the vehicle dialog says once saved (spec 000 'Add or edit vehicle dialog'): after creation,
 * the vehicle now belongs to the fleet, configure it now or later; after an update, the
 * information was modified.
 */
export function VehicleOutcome({
  kind,
  vehicle,
  onConfigure,
  onClose,
}: {
  kind: 'created' | 'updated';
  vehicle: TVehicleDetail | null;
  onConfigure: () => void;
  onClose: () => void;
}) {
  const created = kind === 'created';
  return (
    <Center p="xl" data-testid={created ? 'vehicle-created' : 'vehicle-updated'}>
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden>
            <path d="m5 12 5 5L20 7" />
          </svg>
        </ThemeIcon>
        <Title order={2} fz="h3">
          {created ? 'Véhicule ajouté avec succès' : 'Véhicule mis à jour avec succès'}
        </Title>
        <Text c="dimmed">
          {created
            ? `${vehicle ? `Le véhicule ${vehicle.registration_number}` : 'Le véhicule'} fait désormais partie de votre flotte. Configurez maintenant son planning de travail et ses recettes, ou plus tard depuis sa fiche.`
            : 'Les informations du véhicule ont été modifiées.'}
        </Text>
        {created ? (
          <Group justify="center" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="vehicle-configure-later">
              Configurer plus tard
            </Button>
            <Button onClick={onConfigure} data-testid="vehicle-configure-now">
              Configurer le véhicule
            </Button>
          </Group>
        ) : (
          <Button onClick={onClose} data-testid="vehicle-outcome-close">
            Fermer
          </Button>
        )}
      </Stack>
    </Center>
  );
}
