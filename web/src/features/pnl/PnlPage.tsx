import { useState } from 'react';
import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PNL_SUCCESS, type TPnlAccount } from '@flotte/contract/pnl';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { RouteLoader } from '../../ui/RouteLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { ACCOUNTING_QUERY_PREFIX } from '../accounting/queries.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import type { CategoryDialogMode } from './category-form.ts';
import { CategoryFormDialog } from './CategoryFormDialog.tsx';
import { pnlApi } from './pnl-api.ts';
import { subtreeSize } from './pnl-tree.ts';
import { PnlTreeCard, type PnlTreeActions } from './PnlTreeCard.tsx';
import { PNL_QUERY_PREFIX, usePnlTree } from './queries.ts';

/**
 * /dashboard/pnl (tab view VIEW_PNL): the park's chart of revenue and expense categories (spec 001
 * section 2.10). Everyone with the view reads it; adding, renaming and deleting need
 * CREATE_OPERATION (the server's rule). A deletion the server refuses (an account with operations,
 * or one Flotte relies on) shows its message.
 */
export default function PnlPage() {
  const { parkId } = useSession();
  const { ready, can } = usePermissions();
  const revenue = usePnlTree(parkId ?? '', 'profit');
  const expenses = usePnlTree(parkId ?? '', 'perte');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<CategoryDialogMode | null>(null);
  const [deleting, setDeleting] = useState<TPnlAccount | null>(null);

  // Errors (409 with the server's reason) show as the mutation's error toast; the dialog stays open.
  const remove = useMutation({
    mutationFn: (node: TPnlAccount) => pnlApi.remove(node),
    onSuccess: () => {
      toast.success(PNL_SUCCESS.deleted);
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: PNL_QUERY_PREFIX });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTING_QUERY_PREFIX });
    },
  });

  if (!ready || !parkId) return <RouteLoader />;
  const canManage = can('CREATE_OPERATION');
  const actionsFor = (type: 'profit' | 'perte'): PnlTreeActions | null =>
    canManage
      ? {
          add: (parent) => setDialog({ kind: 'add', type, parent }),
          rename: (node) => setDialog({ kind: 'rename', node }),
          remove: (node) => setDeleting(node),
        }
      : null;
  const failed = revenue.error ?? expenses.error;

  const loadingTrees = revenue.isPending || expenses.isPending;
  return (
    <Stack gap="md" data-testid="pnl-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Comptes de résultat
        </Title>
        <Text c="dimmed" size="sm">
          Les catégories de revenus et de dépenses sous lesquelles les opérations sont enregistrées, sur 3 niveaux au plus.
        </Text>
      </div>
      {failed ? (
        <Alert color="red" title="Impossible de charger les catégories" data-testid="pnl-error">
          {failed.message}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {/* On a phone the expenses sit under the revenues, whose height only the data tells: both
            trees appear together, the expenses card arriving with them rather than being pushed
            down under the reader (a layout shift of 0.12 when it was drawn empty first). */}
        <PnlTreeCard title="Revenus" nodes={revenue.data} loading={loadingTrees} actions={actionsFor('profit')} testId="pnl-revenue" />
        {loadingTrees ? null : (
          <PnlTreeCard title="Dépenses" nodes={expenses.data} loading={false} actions={actionsFor('perte')} testId="pnl-expenses" />
        )}
      </SimpleGrid>
      {canManage ? (
        <>
          <CategoryFormDialog mode={dialog} parkId={parkId} trees={{ profit: revenue.data ?? [], perte: expenses.data ?? [] }} onClose={() => setDialog(null)} />
          <ConfirmDialog
            opened={deleting !== null}
            onClose={() => setDeleting(null)}
            title="Supprimer la catégorie"
            message={
              deleting
                ? subtreeSize(deleting) > 1
                  ? `Supprimer « ${deleting.name} » et ses ${subtreeSize(deleting) - 1} sous-catégorie(s) ?`
                  : `Supprimer « ${deleting.name} » ?`
                : ''
            }
            confirmLabel="Supprimer"
            danger
            onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
            testId="category-delete-dialog"
          />
        </>
      ) : null}
    </Stack>
  );
}
