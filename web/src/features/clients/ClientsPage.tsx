import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { CLIENT_MESSAGES, type TClient, type TClientSummary } from '@flotte/contract/clients';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { formatDate } from '../../ui/format.ts';
import { usePermissions } from '../auth/permissions.ts';
import { clientsApi } from './clients-api.ts';
import { CoursesClientsTabs } from './CoursesClientsTabs.tsx';
import { personLabel } from './client-display.ts';
import { clientKeys } from './queries.ts';

// The dialogs (and the map kit behind them) load when first opened: the list stays light on a phone.
const ClientFormDialog = lazy(() => import('./ClientFormDialog.tsx').then((m) => ({ default: m.ClientFormDialog })));
const ClientInfoDialog = lazy(() => import('./ClientInfoDialog.tsx').then((m) => ({ default: m.ClientInfoDialog })));

export const ADD_CLIENT_LABEL = 'Ajouter un client';

/**
 * /dashboard/courses/clients (VIEW_COURSES, issue 20 section 1): the park's business clients,
 * searched from 3 characters; a row opens 'Infos Client'. MANAGE_COURSES adds and edits.
 */
export default function ClientsPage() {
  const canManage = usePermissions().can('MANAGE_COURSES');
  // Kept after closing so the dialog's title doesn't change while it fades out.
  const [editing, setEditing] = useState<{ opened: boolean; client: TClient | null }>({ opened: false, client: null });
  const formMounted = useRef(false);
  if (editing.opened) formMounted.current = true;
  const [inspecting, setInspecting] = useState<string | null>(null);

  const fetchPage: DataTableFetch<TClientSummary> = useCallback(
    (query, signal) => clientsApi.list({ page: query.page, itemPerPage: query.itemPerPage, ...(query.search ? { search: query.search } : {}) }, signal),
    [],
  );

  const columns = useMemo<DataTableColumn<TClientSummary>[]>(
    () => [
      {
        key: 'name',
        header: 'Client',
        card: 'title',
        exportValue: (c) => personLabel(c),
        render: (c) => (
          <Text size="sm" fw={500} data-testid="client-row-name" style={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Text>
        ),
      },
      { key: 'business_name', header: 'Raison sociale', card: 'subtitle', render: (c) => c.business_name || '—', cardRender: (c) => c.business_name ?? '' },
      { key: 'sex', header: 'Civilité' },
      { key: 'phone', header: 'Téléphone', card: 'meta' },
      { key: 'email', header: 'Email', card: 'meta', render: (c) => c.email || '—', cardRender: (c) => c.email ?? '' },
      { key: 'city', header: 'Ville', card: 'meta', render: (c) => c.city || '—', cardRender: (c) => c.city ?? '' },
      {
        key: 'courses_count',
        header: 'Courses',
        align: 'right',
        card: 'amount',
        cardRender: (c) => `${c.courses_count} course${c.courses_count > 1 ? 's' : ''}`,
      },
      { key: 'created_at', header: 'Ajouté le', exportValue: (c) => formatDate(c.created_at), render: (c) => formatDate(c.created_at) },
    ],
    [],
  );

  return (
    <Stack gap="md" data-testid="clients-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Clients
          </Title>
          <Text c="dimmed" size="sm">
            Les entreprises et personnes pour qui le parc programme des courses.
          </Text>
        </div>
        <CoursesClientsTabs active="clients" />
      </Group>
      <DataTable<TClientSummary>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={clientKeys.list()}
        searchPlaceholder="Rechercher un client (nom, téléphone, email)"
        emptyText={CLIENT_MESSAGES.empty}
        onRowClick={(c) => setInspecting(c.id)}
        exportFileName="Clients"
        minWidth={760}
        actions={
          canManage ? (
            <Button onClick={() => setEditing({ opened: true, client: null })} data-testid="client-add">
              {ADD_CLIENT_LABEL}
            </Button>
          ) : null
        }
        testId="clients-table"
      />
      <Suspense fallback={null}>
        {inspecting ? (
          <ClientInfoDialog
            clientId={inspecting}
            onClose={() => setInspecting(null)}
            onEdit={
              canManage
                ? (client) => {
                    setInspecting(null);
                    setEditing({ opened: true, client });
                  }
                : undefined
            }
          />
        ) : null}
        {editing.opened || formMounted.current ? (
          <ClientFormDialog opened={editing.opened} client={editing.client} onClose={() => setEditing((e) => ({ ...e, opened: false }))} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
