import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TContractDetail } from '@flotte/contract/contracts';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { paymentMethodLabel } from './contract-detail.ts';

/**
 * What was paid on the contract (Paiements), newest first: the date, the amount, the mode (and the
 * caisse), the instalment it went to. Each is an operation in the ledger: a driver's recipe or the
 * park's expense to the owner.
 */
export function ContractPayments({ payments }: { payments: TContractDetail['payments'] }) {
  const phone = useIsPhone();
  const rows = [...payments].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="contract-payments-empty">
        Aucun paiement pour le moment.
      </Text>
    );
  }
  const mode = (p: (typeof rows)[number]) => `${paymentMethodLabel(p.method)}${p.caisse ? ` · ${p.caisse.name}` : ''}`;
  if (phone) {
    return (
      <Stack gap="xs" data-testid="contract-payments">
        {rows.map((p) => (
          <Paper key={p.id} withBorder radius="md" p="sm" data-testid="contract-payment">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {formatDateTime(p.date)}
              </Text>
              <Money amount={p.amount} fw={700} c="teal" />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {mode(p)}
              {p.instalment_seq !== null ? ` · échéance n° ${p.instalment_seq}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing={6} fz="sm" data-testid="contract-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>Échéance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-testid="contract-payment">
              <Table.Td>{formatDateTime(p.date)}</Table.Td>
              <Table.Td ta="right">
                <Money amount={p.amount} />
              </Table.Td>
              <Table.Td>{mode(p)}</Table.Td>
              <Table.Td>{p.instalment_seq !== null ? `N° ${p.instalment_seq}` : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
