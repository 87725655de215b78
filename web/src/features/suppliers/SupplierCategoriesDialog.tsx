import { useState } from 'react';
import { ActionIcon, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_MESSAGES, type TSupplierCategory } from '@flotte/contract/suppliers';
import { LoadError } from '../../ui/LoadError.tsx';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { formatDate } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { NewCategoryDialog } from './NewCategoryDialog.tsx';
import { supplierKeys, useSupplierCategories } from './queries.ts';
import { suppliersApi } from './suppliers-api.ts';

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

const countLabel = (n: number) => (n === 0 ? 'Aucun prestataire' : n === 1 ? '1 prestataire' : `${n} prestataires`);

/**
 * The supplier categories (spec 002 section 2): each with its suppliers count and creation date,
 * a delete button, an add sub-dialog, and the spec's empty text. Deleting the only category of
 * some supplier is refused by the server, whose message the toast shows.
 */
export function SupplierCategoriesDialog({ opened, onClose, canManage }: { opened: boolean; onClose: () => void; canManage: boolean }) {
  const queryClient = useQueryClient();
  const categories = useSupplierCategories(opened);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TSupplierCategory | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => suppliersApi.deleteCategory(id),
    onSuccess: async () => {
      toast.success(SUPPLIER_MESSAGES.categoryDeleted);
      // Counts, filters and the suppliers' badges all change.
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });

  const list = categories.data ?? [];
  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Catégories de prestataires" centered size="md" data-testid="supplier-categories-dialog">
        <Stack gap="sm">
          {categories.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" aria-label="Chargement des catégories" />
            </Group>
          ) : categories.isError ? (
            <LoadError title="Les catégories n’ont pas pu être chargées" error={categories.error} onRetry={() => void categories.refetch()} />
          ) : list.length === 0 ? (
            <EmptyPlaceholder text={SUPPLIER_MESSAGES.noCategories} size="sm" testId="supplier-categories-empty" />
          ) : (
            list.map((c) => (
              <Paper key={c.id} withBorder radius="md" p="sm" data-testid="supplier-category-item">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {countLabel(c.suppliers)} · ajoutée le {formatDate(c.createdAt)}
                    </Text>
                  </div>
                  {canManage ? (
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Supprimer la catégorie ${c.name}`} onClick={() => setDeleting(c)} data-testid="supplier-category-delete">
                      <TrashIcon />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Paper>
            ))
          )}
          {canManage ? (
            <Group justify="flex-end">
              <Button variant="light" onClick={() => setAdding(true)} data-testid="supplier-category-add">
                Ajouter une catégorie
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Modal>
      <NewCategoryDialog opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer la catégorie"
        message={deleting ? `Supprimer la catégorie «\u00a0${deleting.name}\u00a0»\u00a0? Les prestataires qui en ont d’autres la perdent.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => remove.mutateAsync(deleting!.id)}
        testId="supplier-category-delete-confirm"
      />
    </>
  );
}
