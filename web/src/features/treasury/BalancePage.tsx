import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CAISSE_SUCCESS, type TCaisse } from '@flotte/contract/caisses';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { CaisseCard } from './CaisseCard.tsx';
import { treasuryKeys, useCaisses, useUsableCaisses } from './queries.ts';
import { ParkBalanceSection } from '../withdrawals/ParkBalanceSection.tsx';
import { treasuryApi } from './treasury-api.ts';

// The forms (react-hook-form, amount and date inputs) download on the click that opens them: the
// balance screen itself is read far more often than a caisse is created or money moved.
const CaisseFormDialog = lazy(() => import('./CaisseFormDialog.tsx').then((m) => ({ default: m.CaisseFormDialog })));
const TransferDialog = lazy(() => import('./TransferDialog.tsx').then((m) => ({ default: m.TransferDialog })));
const BankOperationDialog = lazy(() => import('./BankOperationDialog.tsx').then((m) => ({ default: m.BankOperationDialog })));

type Dialog = { kind: 'caisse'; caisse: TCaisse | null } | { kind: 'transfer' } | { kind: 'bank' } | null;

/**
 * /dashboard/status-accounts (tab view VIEW_BALANCE): the park balance, then the caisses the
 * acting profile may see, with their balances. Adding and editing caisses needs MANAGE_CAISSE;
 * transfers and bank operations CAISSE_TRANSFERT. The server decides which caisses are listed.
 */
export default function BalancePage() {
  const { parkId } = useSession();
  const { ready, can } = usePermissions();
  const canManage = can('MANAGE_CAISSE');
  const canMove = can('CAISSE_TRANSFERT');
  const caisses = useCaisses(parkId);
  // The cards show what the person may see; the transfer and bank dialogs offer what they may use.
  const usable = useUsableCaisses(parkId);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<TCaisse | null>(null);
  // Balances someone chose to hide (a phone shown around a room), per caisse, for this visit.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  const remove = useMutation({
    mutationFn: (caisse: TCaisse) => treasuryApi.remove(caisse.id),
    onSuccess: () => {
      toast.success(CAISSE_SUCCESS.deleted);
      void queryClient.invalidateQueries({ queryKey: treasuryKeys.caisses(parkId ?? '') });
    },
  });

  if (!ready || !parkId) return <RouteLoader />;
  const list = caisses.data ?? [];
  const toggle = (id: string) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const addCaisse = () => setDialog({ kind: 'caisse', caisse: null });

  return (
    <Stack gap="md" data-testid="balance-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Solde et caisses
        </Title>
        <Text c="dimmed" size="sm">
          L'argent du parc : son solde mobile money et ses caisses.
        </Text>
      </div>

      {/* ── PARK BALANCE SECTION ─────────────────────────────────────────────────────────────
          The withdrawals work adds `<ParkBalanceSection />` here (one line, from
          web/src/features/withdrawals/ParkBalanceSection.tsx). Keep this spot above the caisses. */}
      <ParkBalanceSection />

      <Group justify="space-between" gap="sm" align="flex-end">
        <Title order={2} fz="h4">
          Caisses
        </Title>
        <Group gap="xs">
          {canMove ? (
            <>
              <Button variant="light" onClick={() => setDialog({ kind: 'bank' })} disabled={(usable.data ?? []).length === 0} data-testid="bank-operation-open">
                Opération bancaire
              </Button>
              <Button variant="light" onClick={() => setDialog({ kind: 'transfer' })} disabled={(usable.data ?? []).length < 2} data-testid="transfer-open">
                Transférer
              </Button>
            </>
          ) : null}
          {canManage ? (
            <Button onClick={addCaisse} data-testid="caisse-add">
              Ajouter une caisse
            </Button>
          ) : null}
        </Group>
      </Group>

      {caisses.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={160} radius="md" />
          ))}
        </SimpleGrid>
      ) : caisses.isError ? (
        <Alert color="red" title="Impossible de charger les caisses" data-testid="caisses-error">
          <Text size="sm" mb="xs">
            {caisses.error.message}
          </Text>
          <Button size="xs" variant="light" onClick={() => void caisses.refetch()}>
            Réessayer
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <EmptyPlaceholder text="Aucune caisse à afficher" action={canManage ? { label: 'Ajouter une caisse', onClick: addCaisse } : undefined} testId="caisses-empty" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="caisses-list">
          {list.map((c) => (
            <CaisseCard
              key={c.id}
              caisse={c}
              balanceShown={!hidden.has(c.id)}
              onToggleBalance={() => toggle(c.id)}
              canManage={canManage}
              onEdit={() => setDialog({ kind: 'caisse', caisse: c })}
              onDelete={() => setDeleting(c)}
            />
          ))}
        </SimpleGrid>
      )}

      <Suspense fallback={null}>
        {canManage && dialog?.kind === 'caisse' ? (
          <CaisseFormDialog opened caisse={dialog.caisse} parkId={parkId} onClose={() => setDialog(null)} />
        ) : null}
        {canMove && dialog?.kind === 'transfer' ? (
          <TransferDialog opened caisses={usable.data ?? []} parkId={parkId} onClose={() => setDialog(null)} />
        ) : null}
        {canMove && dialog?.kind === 'bank' ? (
          <BankOperationDialog opened caisses={usable.data ?? []} parkId={parkId} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la caisse"
        message={deleting ? `Supprimer la caisse « ${deleting.name} » ? Seule une caisse qui n'a jamais eu d'argent peut l'être.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
        testId="caisse-delete-dialog"
      />
    </Stack>
  );
}
