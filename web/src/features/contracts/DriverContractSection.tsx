import { Alert, Anchor, Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CONTRACT_STATUS_LABELS } from '@flotte/contract/contracts';
import { Money } from '../../ui/Money.tsx';
import { CONTRACT_STATUS_COLORS, formatDay, paidPercent } from './contract-display.ts';
import { contractsApi } from './contracts-api.ts';
import { contractKeys } from './queries.ts';

/** A driver holds one hire-purchase contract, rarely a few (an old one ended or cancelled). */
const SHOWN = 5;

/**
 * The driver detail's contract section (issue 19 section 3): his hire-purchase contracts, newest
 * first, each with its status, what he paid of the total, what he still owes and how much of it
 * is late, the next due date, and a link to the contract.
 */
export function DriverContractSection({ driverId }: { driverId: string }) {
  const query = useQuery({
    queryKey: [...contractKeys.list(), { driver_id: driverId, contract_type: 'DRIVER', itemPerPage: SHOWN }],
    queryFn: ({ signal }) => contractsApi.list({ page: 1, itemPerPage: SHOWN, driver_id: driverId, contract_type: 'DRIVER' }, signal),
  });
  return (
    <Stack gap="xs" mt="md" data-testid="driver-contracts">
      <Title order={3} fz="md">
        Contrat de location-vente
      </Title>
      {query.isError ? (
        <Alert color="red">{query.error.message}</Alert>
      ) : !query.data ? (
        <Skeleton h={104} radius="md" />
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="driver-contracts-empty">
          Aucun contrat pour ce chauffeur.
        </Text>
      ) : (
        query.data.items.map((c) => {
          const percent = paidPercent(c);
          const running = c.contract_status === 'ACTIVE' || c.contract_status === 'PENDING';
          return (
            <Paper key={c.id} withBorder radius="md" p="sm" data-testid="driver-contract">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`/dashboard/contracts/${c.id}`} fw={600} size="sm" data-testid="driver-contract-link">
                  {c.reference}
                </Anchor>
                <Badge color={CONTRACT_STATUS_COLORS[c.contract_status]} variant="light" tt="none">
                  {CONTRACT_STATUS_LABELS[c.contract_status]}
                </Badge>
              </Group>
              <Text size="sm" mt={6} data-testid="driver-contract-paid">
                Payé <Money amount={c.total_paid} fw={600} /> sur <Money amount={c.total_amount} />
              </Text>
              <Progress value={percent} color="teal" size="sm" radius="xl" mt={4} aria-label={`Payé à ${percent} %`} />
              {running ? (
                <Group gap="md" mt={6} wrap="wrap">
                  <Text size="sm" data-testid="driver-contract-remaining">
                    Reste dû <Money amount={c.remaining_amount} fw={600} />
                  </Text>
                  {c.overdue_amount > 0 ? (
                    <Text size="sm" c="red" data-testid="driver-contract-overdue">
                      En retard <Money amount={c.overdue_amount} fw={600} />
                    </Text>
                  ) : null}
                  {c.next_due_date ? (
                    <Text size="sm" c="dimmed">
                      Prochaine échéance le {formatDay(c.next_due_date)}
                    </Text>
                  ) : null}
                </Group>
              ) : null}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
