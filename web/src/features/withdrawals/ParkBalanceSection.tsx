import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PARK_TRANSACTION_STATUS_LABELS, PARK_TRANSACTION_TYPE_LABELS, WITHDRAW_MESSAGES, WITHDRAW_SUCCESS, type TParkTransaction } from '@flotte/contract/withdrawals';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { treasuryKeys } from '../treasury/queries.ts';
import { useParkAmount, withdrawalKeys } from './queries.ts';
import { STATUS_COLORS } from './withdrawal-form.ts';
import type { WithdrawalView } from './WithdrawalDialog.tsx';
import { withdrawalsApi } from './withdrawals-api.ts';

// The three-step dialog (means, amounts, PIN) downloads on the click that opens it.
const WithdrawalDialog = lazy(() => import('./WithdrawalDialog.tsx').then((m) => ({ default: m.WithdrawalDialog })));

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
 * A button of the withdrawal actions; without the permission it stays in place, looks disabled and
 * carries the spec's words. Mantine's data-disabled (not disabled) keeps the pointer events the
 * tooltip needs, so the click is ignored here.
 */
function WithdrawButton({ allowed, onClick, testId, variant, children }: { allowed: boolean; onClick: () => void; testId: string; variant?: string; children: ReactNode }) {
  return (
    <Tooltip label={WITHDRAW_MESSAGES.noPermission} disabled={allowed} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Button variant={variant} data-disabled={allowed ? undefined : true} aria-disabled={!allowed} onClick={allowed ? onClick : (e) => e.preventDefault()} data-testid={testId}>
        {children}
      </Button>
    </Tooltip>
  );
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
  const [dialog, setDialog] = useState<WithdrawalView | null>(null);
  const mayWithdraw = usePermissions().can('RETRAIT_DE_FONDS');
  const amount = useParkAmount(parkId);
  const fetchPage: DataTableFetch<TParkTransaction> = useCallback(
    (query, signal) => withdrawalsApi.transactions(parkId ?? '', query.page, query.itemPerPage, signal),
    [parkId],
  );

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

  // Inside the component: the check button follows the mutation in flight.
  const columns: DataTableColumn<TParkTransaction>[] = [
    { key: 'created_at', header: 'Date', card: 'date', render: (t) => formatDateTime(t.created_at) },
    { key: 'type', header: 'Type', card: 'title', render: (t) => PARK_TRANSACTION_TYPE_LABELS[t.type] },
    { key: 'amount', header: 'Montant', card: 'amount', render: (t) => <Money amount={t.amount} currency={t.currency} /> },
    {
      key: 'fees',
      header: 'Frais',
      card: 'meta',
      render: (t) => (t.fees ? <Money amount={t.fees} currency={t.currency} /> : '—'),
      cardRender: (t) =>
        t.fees ? (
          <>
            Frais <Money amount={t.fees} currency={t.currency} />
          </>
        ) : null,
    },
    { key: 'counterpart', header: 'Vers / depuis', card: 'subtitle', render: counterpart },
    {
      key: 'status',
      header: 'Statut',
      card: 'status',
      render: (t) => (
        <Badge color={STATUS_COLORS[t.status]} variant="light" tt="none">
          {PARK_TRANSACTION_STATUS_LABELS[t.status]}
          {t.refunded ? ' · remboursé' : ''}
        </Badge>
      ),
    },
    {
      key: 'check',
      header: '',
      card: 'actions',
      render: (t) =>
        t.status === 'pending' && t.type === 'withdraw' ? (
          <Tooltip label="Vérifier auprès de l'opérateur">
            <ActionIcon variant="subtle" aria-label="Vérifier le statut" loading={check.isPending && check.variables === t.id} onClick={() => check.mutate(t.id)} data-testid="transaction-check-status">
              <RefreshIcon />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];

  if (!parkId) return null;

  return (
    <Stack gap="sm" data-testid="park-balance-section">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              Solde du parc (mobile money)
            </Text>
            {amount.isPending ? (
              // The amount's own line box (28 px at the theme's line height), so nothing moves when it arrives.
              <Skeleton h="calc(28px * var(--mantine-line-height))" w={160} />
            ) : amount.isError ? (
              <Text c="red" size="sm">
                {amount.error.message}
              </Text>
            ) : (
              <Money amount={amount.data.amount} currency={amount.data.currency.name} fz={28} fw={700} data-testid="park-amount" />
            )}
          </div>
          {/* Without RETRAIT_DE_FONDS each button says why it is disabled (spec 001 section 6) rather than open a dialog that only refuses. */}
          <Group gap="xs" data-testid="park-withdraw-actions">
            <WithdrawButton allowed={mayWithdraw} variant="light" onClick={() => setDialog('credit')} testId="park-credit-open">
              Approvisionner une caisse
            </WithdrawButton>
            <WithdrawButton allowed={mayWithdraw} variant="default" onClick={() => setDialog('home')} testId="park-means-open">
              Moyens de retrait
            </WithdrawButton>
            <WithdrawButton allowed={mayWithdraw} onClick={() => setDialog('withdraw')} testId="park-withdraw-open">
              Retirer
            </WithdrawButton>
          </Group>
        </Group>
      </Card>

      <Title order={2} fz="h5">
        Transactions du solde
      </Title>
      <DataTable<TParkTransaction>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={[...withdrawalKeys.balance(parkId), 'transactions']}
        searchable={false}
        defaultPageSize={PAGE_SIZE}
        minWidth={640}
        testId="park-transactions"
      />

      {dialog !== null ? (
        <Suspense fallback={null}>
          <WithdrawalDialog opened view={dialog} parkId={parkId} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
