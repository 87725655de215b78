import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTRACT_EVENT_LABELS } from '@flotte/contract/contracts';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { eventChanges } from './contract-detail.ts';
import { contractsApi } from './contracts-api.ts';
import { contractKeys } from './queries.ts';

/** Every change of the contract (Historique), newest first: what happened, who, when, and the fields it changed. */
export function ContractHistory({ contractId }: { contractId: string }) {
  const park = useActingPark();
  const history = useQuery({ queryKey: contractKeys.history(contractId), queryFn: ({ signal }) => contractsApi.history(contractId, signal) });
  const money = (n: number) => formatMoney(n, park?.currency);
  if (history.isError) return <Alert color="red">{history.error.message}</Alert>;
  if (!history.data) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  }
  const events = [...history.data].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun événement.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="contract-history">
      {events.map((e) => {
        const changes = eventChanges(e.detail, money);
        return (
          <Paper key={e.id} withBorder radius="md" p="sm" data-testid="contract-event" data-kind={e.kind}>
            <Group justify="space-between" wrap="wrap" gap={4}>
              <Text size="sm" fw={600}>
                {e.label || CONTRACT_EVENT_LABELS[e.kind]}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(e.created_at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {e.actor ? `Par ${e.actor}` : 'Par le système'}
            </Text>
            {changes.length ? (
              <Stack gap={2} mt={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {changes.map((c) => (
                  <Text key={c.field} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" inherit>
                      {c.label} :
                    </Text>{' '}
                    {c.from !== null ? `${c.from} → ${c.to}` : c.to}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Paper>
        );
      })}
    </Stack>
  );
}
