import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Badge, Code, NativeSelect, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DataTable } from '../data-table/DataTable.tsx';
import type { DataTableColumn, DataTableQuery } from '../data-table/types.ts';
import { formatDate } from '../format.ts';
import {
  failingFetch,
  fetchDemoOperations,
  fetchForever,
  fetchNothing,
  PAYMENT_STATUS_LABELS,
  type DemoOperation,
  type PaymentStatus,
} from './table-demo-data.ts';

const STATUS_COLORS: Record<PaymentStatus, string> = { paid: 'teal', not_paid: 'red', partially_paid: 'orange' };

const columns: DataTableColumn<DemoOperation>[] = [
  { key: 'reference', header: 'Référence', sortable: true },
  { key: 'date', header: 'Date', sortable: true, render: (r) => formatDate(r.date), exportValue: (r) => formatDate(r.date) },
  { key: 'driver', header: 'Chauffeur', sortable: true },
  { key: 'label', header: 'Libellé' },
  {
    key: 'status',
    header: 'Statut',
    render: (r) => (
      <Badge variant="light" color={STATUS_COLORS[r.status]}>
        {PAYMENT_STATUS_LABELS[r.status]}
      </Badge>
    ),
    exportValue: (r) => PAYMENT_STATUS_LABELS[r.status],
  },
  { key: 'amount', header: 'Montant (XAF)', money: true, sortable: true },
];

function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The DataTable over an in-memory fake of the API, in each state a person can meet. */
export default function TableSection() {
  const [status, setStatus] = useState('');
  const [requests, setRequests] = useState<DataTableQuery[]>([]);
  const [selection, setSelection] = useState<DemoOperation[]>([]);
  const [opened, setOpened] = useState<DemoOperation | null>(null);
  const [failing, setFailing] = useState(true);
  const failingRef = useRef(failing);
  failingRef.current = failing;

  const filters = useMemo(() => (status ? { status } : {}), [status]);
  // Records what the table asked for, so the page can show that 1-2 characters send nothing.
  const fetchPage = useCallback(async (q: DataTableQuery, signal: AbortSignal) => {
    if (q.itemPerPage < 1000) setRequests((r) => [...r, q]);
    return fetchDemoOperations(q, signal);
  }, []);
  const fetchFailing = useMemo(() => failingFetch(() => failingRef.current), []);
  const last = requests.at(-1);

  return (
    <Stack gap="lg">
      <Demo title="Opérations (57 lignes, export de toutes les pages)">
        <DataTable
          testId="ops-table"
          queryKey={['gallery', 'operations']}
          emptyText="Aucune opération pour l'instant"
          columns={columns}
          fetchPage={fetchPage}
          filters={filters}
          filtersSlot={
            <NativeSelect
              aria-label="Statut"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value)}
              data={[{ value: '', label: 'Tous les statuts' }, ...Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
              data-testid="ops-table-status-filter"
            />
          }
          selectable
          onSelectionChange={setSelection}
          onRowClick={setOpened}
          exportFileName="Operations"
          exportTitle="Opérations"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm" spacing="xs">
          <Text size="xs" c="dimmed">
            Requêtes : <span data-testid="ops-table-requests">{requests.length}</span> · recherche envoyée :{' '}
            <Code data-testid="ops-table-last-search">{last?.search ?? ''}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            Sélection : <span data-testid="ops-table-selection">{selection.map((r) => r.reference).join(', ')}</span>
          </Text>
          <Text size="xs" c="dimmed">
            Ligne ouverte : <span data-testid="ops-table-opened">{opened?.reference ?? ''}</span>
          </Text>
        </SimpleGrid>
      </Demo>

      <Demo title="Table vide">
        <DataTable testId="empty-table" queryKey={['gallery', 'empty']} columns={columns} fetchPage={fetchNothing} exportFileName="Vide" />
      </Demo>

      <Demo title="Table en erreur">
        <Switch
          mb="sm"
          label="Simuler une panne du réseau"
          checked={failing}
          onChange={(e) => setFailing(e.currentTarget.checked)}
          data-testid="error-table-failing"
        />
        <DataTable testId="error-table" queryKey={['gallery', 'failing']} columns={columns} fetchPage={fetchFailing} searchable={false} />
      </Demo>

      <Demo title="Chargement (squelette)">
        <DataTable testId="loading-table" queryKey={['gallery', 'loading']} columns={columns} fetchPage={fetchForever} searchable={false} defaultPageSize={5} />
      </Demo>
    </Stack>
  );
}
