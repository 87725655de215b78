import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Avatar, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { TSupplier } from '@flotte/contract/suppliers';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { ActiveFilterToggle, type ActiveFilter } from '../../ui/inputs/ActiveFilterToggle.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { SupplierStatusBadge } from './SupplierStatusBadge.tsx';
import { supplierKeys, useSupplierCategories } from './queries.ts';
import { suppliersApi } from './suppliers-api.ts';

// The dialogs (form, categories, the supplier's page) load when first opened, so the list stays
// light on a phone.
const SupplierFormDialog = lazy(() => import('./SupplierFormDialog.tsx').then((m) => ({ default: m.SupplierFormDialog })));
const SupplierDetailDialog = lazy(() => import('./SupplierDetailDialog.tsx').then((m) => ({ default: m.SupplierDetailDialog })));
const SupplierCategoriesDialog = lazy(() => import('./SupplierCategoriesDialog.tsx').then((m) => ({ default: m.SupplierCategoriesDialog })));

const categoryNames = (s: TSupplier) => s.categories.map((c) => c.supplier_category.name).join(', ');
const place = (s: TSupplier) => [s.street, s.city].filter(Boolean).join(', ');

/**
 * /dashboard/providers (VIEW_PROVIDERS): the park's suppliers, 'Actifs' or 'Désactivés', by
 * search and category; a row opens the supplier's page. Adding, editing, suspending and the
 * categories' changes need MANAGE_MAINTENANCE (the buttons are hidden without it).
 */
export default function ProvidersPage() {
  const canManage = usePermissions().can('MANAGE_MAINTENANCE');
  const [status, setStatus] = useState<ActiveFilter>('enable');
  const [category, setCategory] = useState<string | null>(null);
  const categories = useSupplierCategories();
  // Kept after closing so the dialog's title doesn't change while it fades out.
  const [editing, setEditing] = useState<{ opened: boolean; supplier: TSupplier | null }>({ opened: false, supplier: null });
  const formMounted = useRef(false);
  if (editing.opened) formMounted.current = true;
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categoriesMounted = useRef(false);
  if (categoriesOpen) categoriesMounted.current = true;

  const fetchPage: DataTableFetch<TSupplier> = useCallback(
    (query, signal) =>
      suppliersApi.list(
        {
          page: query.page,
          itemPerPage: query.itemPerPage,
          search: query.search,
          status: query.filters.status as ActiveFilter,
          category: (query.filters.category as string | undefined) ?? undefined,
        },
        signal,
      ),
    [],
  );

  const columns = useMemo<DataTableColumn<TSupplier>[]>(
    () => [
      {
        key: 'logo',
        header: '',
        exportable: false,
        card: 'leading',
        width: 52,
        render: (s) => <Avatar src={s.logo} radius="md" size={36} name={s.name} color="initials" alt="" />,
      },
      {
        key: 'name',
        header: 'Prestataire',
        card: 'title',
        render: (s) => (
          <Text size="sm" fw={500} data-testid="supplier-row-name" style={{ overflowWrap: 'anywhere' }}>
            {s.name}
          </Text>
        ),
      },
      {
        key: 'categories',
        header: 'Catégories',
        card: 'subtitle',
        exportValue: categoryNames,
        cardRender: categoryNames,
        render: (s) => (
          <Group gap={4}>
            {s.categories.map((c) => (
              <Badge key={c.supplier_category.id} variant="outline" color="gray" size="sm">
                {c.supplier_category.name}
              </Badge>
            ))}
          </Group>
        ),
      },
      { key: 'phone', header: 'Téléphone', card: 'meta' },
      { key: 'place', header: 'Ville et quartier', card: 'meta', exportValue: place, render: (s) => place(s) || '—', cardRender: place },
      { key: 'contacts', header: 'Correspondants', exportValue: (s) => s.contacts.map((c) => `${c.name} (${c.function}) ${c.phone}`).join(', '), render: (s) => String(s.contacts.length) },
      {
        key: 'status',
        header: 'Statut',
        card: 'status',
        exportValue: (s) => (s.desactivate_at ? 'Suspendu' : 'Actif'),
        render: (s) => <SupplierStatusBadge suspended={!!s.desactivate_at} />,
      },
    ],
    [],
  );

  const categoryOptions = [{ value: 'all', label: 'Toutes les catégories' }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <Stack gap="md" data-testid="providers-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Prestataires
          </Title>
          <Text c="dimmed" size="sm">
            Les garages, fournisseurs et assureurs avec qui le parc travaille.
          </Text>
        </div>
        <ActiveFilterToggle value={status} onChange={setStatus} testId="providers-status" />
      </Group>
      <DataTable<TSupplier>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={supplierKeys.list()}
        filters={{ status, category: category ?? undefined }}
        defaultFilters={{ status }}
        onResetFilters={() => setCategory(null)}
        filtersSlot={
          <Select
            aria-label="Catégorie"
            data={categoryOptions}
            value={category ?? 'all'}
            onChange={(v) => setCategory(!v || v === 'all' ? null : v)}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="providers-category-filter"
          />
        }
        searchPlaceholder="Rechercher un prestataire (nom, téléphone, ville)"
        onRowClick={(s) => setInspecting(s.id)}
        exportFileName="Prestataires"
        minWidth={760}
        actions={
          <>
            <Button variant="default" onClick={() => setCategoriesOpen(true)} data-testid="providers-categories">
              Catégories
            </Button>
            {canManage ? (
              <Button onClick={() => setEditing({ opened: true, supplier: null })} data-testid="supplier-add">
                Ajouter un prestataire
              </Button>
            ) : null}
          </>
        }
        testId="providers-table"
      />
      <Suspense fallback={null}>
        {inspecting ? (
          <SupplierDetailDialog
            supplierId={inspecting}
            onClose={() => setInspecting(null)}
            onEdit={(supplier) => {
              setInspecting(null);
              setEditing({ opened: true, supplier });
            }}
          />
        ) : null}
        {editing.opened || formMounted.current ? (
          <SupplierFormDialog opened={editing.opened} supplier={editing.supplier} onClose={() => setEditing((e) => ({ ...e, opened: false }))} />
        ) : null}
        {categoriesOpen || categoriesMounted.current ? (
          <SupplierCategoriesDialog opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} canManage={canManage} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
