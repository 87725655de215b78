import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GPS_MESSAGES } from '@flotte/contract/gps';
import { useGpsVehiclePosition } from './gps-api.ts';
import { formatCoordinates, formatFixAge, formatSpeed } from './gps-display.ts';

/**
 * 'Dernière position' in a vehicle's details (issue 22 section 1): speed, age of the fix and
 * place, with a link to the vehicle's day. Mounted only for a vehicle with a GPS number and a
 * profile holding READ_GEOLOCALISATION (its chunk and its request cost nothing otherwise).
 */
export function VehicleLastPosition({ vehicleId }: { vehicleId: string }) {
  const query = useGpsVehiclePosition(vehicleId);
  const data = query.data;
  const position = data?.position ?? null;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="vehicle-last-position">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="md">
          Dernière position
        </Title>
        {data?.locked ? (
          <Badge color="red" variant="filled">
            Bloqué
          </Badge>
        ) : null}
      </Group>
      {query.isError ? (
        <Text size="sm" c="dimmed" data-testid="vehicle-last-position-error">
          {query.error.message}
        </Text>
      ) : !data ? (
        <Skeleton h={44} radius="sm" />
      ) : !data.connected ? (
        <Text size="sm" c="dimmed">
          {GPS_MESSAGES.notConnected}
        </Text>
      ) : !data.provider_ok ? (
        <Alert color="yellow" p="xs" data-testid="vehicle-last-position-down">
          {GPS_MESSAGES.providerDown}
        </Alert>
      ) : !data.has_device ? (
        <Text size="sm" c="dimmed">
          {GPS_MESSAGES.noDevice}
        </Text>
      ) : !position ? (
        <Text size="sm" c="dimmed">
          {GPS_MESSAGES.noPosition}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Item label="Vitesse" value={formatSpeed(position.speed)} />
          <Item label="Reçue" value={formatFixAge(position.age_seconds)} />
          <div style={{ gridColumn: 'span 2' }}>
            <Item label="Adresse" value={position.address ?? formatCoordinates(position.latitude, position.longitude)} />
          </div>
        </SimpleGrid>
      )}
      {data?.connected && data.has_device ? (
        <Anchor component={Link} to={`/dashboard/gps/vehicles/${vehicleId}`} size="sm" mt="sm" display="inline-block" data-testid="vehicle-gps-day">
          Voir la journée
        </Anchor>
      ) : null}
    </Card>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
