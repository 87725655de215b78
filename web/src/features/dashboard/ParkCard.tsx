import { Avatar, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TParkSummary } from '@flotte/contract';

function parkInitials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0][0]}${words[1][0]}` : name.slice(0, 2)).toUpperCase();
}

/** The acting park: identity and the settings every amount and date on the screens depend on. */
export function ParkCard({ park }: { park: TParkSummary | null }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="park-card">
      <Title order={2} fz="h4" mb="sm">
        Parc
      </Title>
      {park ? (
        <Stack gap="sm">
          <Group wrap="nowrap">
            <Avatar src={park.logo} size={48} radius="md" color="brand" alt="">
              {parkInitials(park.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end" data-testid="park-name">
                {park.name}
              </Text>
              <Text size="sm" c="dimmed">
                Code {park.code}
              </Text>
            </div>
          </Group>
          <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} fz="sm">
            <Table.Tbody>
              <Row label="Ville" value={park.city ?? 'Non renseignée'} />
              <Row label="Pays" value={park.country_code.toUpperCase()} />
              <Row label="Devise" value={park.currency} testId="park-currency" />
              <Row label="Fuseau horaire" value={park.time_zone} />
              {park.phone_code ? <Row label="Indicatif" value={`+${park.phone_code.replace(/^\+/, '')}`} /> : null}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Aucun parc n’est associé à ce profil.
        </Text>
      )}
    </Card>
  );
}

export function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th w={130} c="dimmed" fw={400}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}
