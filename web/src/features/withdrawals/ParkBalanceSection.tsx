import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PARK_TRANSACTION_STATUS_LABELS, PARK_TRANSACTION_TYPE_LABELS, WITHDRAW_SUCCESS, type TParkTransaction } from '@flotte/contract/withdrawals';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { treasuryKeys } from '../treasury/queries.ts';
import { useParkAmount, useParkTransactions, withdrawalKeys } from './queries.ts';
import { STATUS_COLORS } from './withdrawal-form.ts';
import { WithdrawalDialog, type WithdrawalView } from './WithdrawalDialog.tsx';
import { withdrawalsApi } from './withdrawals-api.ts';

const PAGE_SIZE = 10;

const RefreshIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6" />
  </svg>
);

function counterpart(t: TParkTransaction): string {
  if (t.withdraw_means) return `${t.withdraw_means.title}${t.phone ? ` (${t.phone})` : ''}`;
  if (t.caisse) return t.caisse.name;
  return t.phone ?? '';
}

/**
 * The park balance on /dashboard/status-accounts: money received by mobile money, its
 * transactions (paged, newest first), and the withdrawal dialog (withdraw, means, top up a
 * caisse). A pending withdrawal can be asked again of the operator. Reading needs the balance tab
 * (READ_FINANCE or RETRAIT_DE_FONDS grant it); acting needs RETRAIT_DE_FONDS.
 */
export function ParkBalanceSection() {
  const { parkId } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<WithdrawalView | null>(null);
  const amount = useParkAmount(parkId);
  const transactions = useParkTransactions(parkId, page, PAGE_SIZE);

  const check = useMutation({
    mutationFn: withdrawalsApi.checkStatus,
    onSuccess: (t) => {
      if (t.status === 'success') toast.success(WITHDRAW_SUCCESS.withdrawn);
      else if (t.status === 'pending') toast.success("Toujours en attente de confirmation par l'opérateur");
      else toast.error("Le retrait a été refusé par l'opérateur : les fonds ont été remis sur le solde.");
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.balance(parkId ?? '') });
      void queryClient.invalidateQueries({ queryKey: treasuryKeys.all });
    },
  });

  if (!parkId) return null;
  const data = transactions.data;
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="sm" data-testid="park-balance-section">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              Solde du parc (mobile money)
            </Text>
            {amount.isPending ? (
              <Skeleton h={32} w={160} mt={4} />
            ) : amount.isError ? (
              <Text c="red" size="sm">
                {amount.error.message}
              </Text>
            ) : (
              <Money amount={amount.data.amount} currency={amount.data.currency.name} fz={28} fw={700} data-testid="park-amount" />
            )}
          </div>
          <Group gap="xs">
            <Button variant="light" onClick={() => setDialog('credit')} data-testid="park-credit-open">
              Approvisionner une caisse
            </Button>
            <Button variant="default" onClick={() => setDialog('home')} data-testid="park-means-open">
              Moyens de retrait
            </Button>
            <Button onClick={() => setDialog('withdraw')} data-testid="park-withdraw-open">
              Retirer
            </Button>
          </Group>
        </Group>
      </Card>

      <Title order={2} fz="h5">
        Transactions du solde
      </Title>
      {transactions.isError ? (
        <Alert color="red">{transactions.error.message}</Alert>
      ) : !data ? (
        <Skeleton h={120} />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="park-transactions-empty">
          Aucun élément trouvé
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="park-transactions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Montant</Table.Th>
                <Table.Th>Frais</Table.Th>
                <Table.Th>Vers / depuis</Table.Th>
                <Table.Th>Statut</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((t) => (
                <Table.Tr key={t.id}>
                  <Table.Td>{formatDateTime(t.created_at)}</Table.Td>
                  <Table.Td>{PARK_TRANSACTION_TYPE_LABELS[t.type]}</Table.Td>
                  <Table.Td>
                    <Money amount={t.amount} currency={t.currency} />
                  </Table.Td>
                  <Table.Td>{t.fees ? <Money amount={t.fees} currency={t.currency} /> : '—'}</Table.Td>
                  <Table.Td>{counterpart(t)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[t.status]} variant="light">
                      {PARK_TRANSACTION_STATUS_LABELS[t.status]}
                      {t.refunded ? ' · remboursé' : ''}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {t.status === 'pending' && t.type === 'withdraw' ? (
                      <Tooltip label="Vérifier auprès de l'opérateur">
                        <ActionIcon variant="subtle" aria-label="Vérifier le statut" loading={check.isPending && check.variables === t.id} onClick={() => check.mutate(t.id)} data-testid="transaction-check-status">
                          <RefreshIcon />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}

      <WithdrawalDialog opened={dialog !== null} view={dialog ?? 'home'} parkId={parkId} onClose={() => setDialog(null)} />
    </Stack>
  );
}
