import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { TContract } from '@flotte/contract/contracts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableFetch } from '../../ui/data-table/types.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { contractColumns } from './contract-columns.tsx';
import { useContractFilters } from './ContractFilters.tsx';
import { ContractStatsCards } from './ContractStatsCards.tsx';
import { contractsApi, type ContractListQuery } from './contracts-api.ts';
import { contractKeys } from './queries.ts';

// The form (and the calendar, the pickers and the schedule behind it) loads when first opened.
const ContractFormDialog = lazy(() => import('./ContractFormDialog.tsx').then((m) => ({ default: m.ContractFormDialog })));

type Kind = 'DRIVER' | 'PARTNER';

/**
 * /dashboard/contracts (VIEW_CONTRACTS, issue 19): the figures, then the park's contracts, latest
 * first, with their filters; a contract opens its detail. MANAGE_CONTRACTS creates either kind.
 */
export default function ContractsPage() {
  const navigate = useNavigate();
  const currency = useActingPark()?.currency;
  const canManage = usePermissions().can('MANAGE_CONTRACTS');
  const filters = useContractFilters();
  const [creating, setCreating] = useState<Kind | null>(null);
  const [formKind, setFormKind] = useState<Kind | null>(null);
  const columns = useMemo(() => contractColumns(currency), [currency]);

  const fetchPage: DataTableFetch<TContract> = useCallback(
    (query, signal) =>
      contractsApi
        .list({ page: query.page, itemPerPage: query.itemPerPage, ...(query.filters as Partial<ContractListQuery>) }, signal)
        .then((p) => ({ items: p.items, meta: p.meta })),
    [],
  );

  const open = (kind: Kind) => {
    setFormKind(kind);
    setCreating(kind);
  };

  return (
    <Stack gap="md" data-testid="contracts-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Contrats
          </Title>
          <Text c="dimmed" size="sm">
            Les propriétaires payés pour leur véhicule et les chauffeurs qui achètent le leur.
          </Text>
        </div>
        {canManage ? (
          // In the header rather than the list's toolbar: the filters keep the toolbar's width.
          // On a phone each takes the whole width, one under the other: even buttons, easy to tap.
          <Group gap="xs" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
            <Button onClick={() => open('PARTNER')} style={{ flex: '1 1 auto' }} data-testid="contract-add-partner">
              Nouveau contrat partenaire
            </Button>
            <Button variant="light" onClick={() => open('DRIVER')} style={{ flex: '1 1 auto' }} data-testid="contract-add-driver">
              Nouveau contrat chauffeur
            </Button>
          </Group>
        ) : null}
      </Group>
      <ContractStatsCards />
      <DataTable<TContract>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={contractKeys.list()}
        filters={filters.query}
        onResetFilters={filters.reset}
        searchable={false}
        filtersSlot={filters.slot}
        onRowClick={(c) => void navigate(`/dashboard/contracts/${c.id}`)}
        exportFileName="Contrats"
        exportTitle="Contrats"
        minWidth={960}
        emptyText="Aucun contrat"
        testId="contracts-table"
      />
      {filters.pickers}
      <Suspense fallback={null}>
        {formKind ? <ContractFormDialog key={formKind} kind={formKind} opened={creating === formKind} onClose={() => setCreating(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
