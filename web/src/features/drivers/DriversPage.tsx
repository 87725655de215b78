import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Avatar, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { Money } from '../../ui/Money.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { FleetTabs } from '../fleet/FleetTabs.tsx';
import { driversApi, type DriverRecord, type DriverStatus } from './drivers-api.ts';
import { DRIVER_STATUS_LABELS, DriverStatusBadge } from './DriverStatusBadge.tsx';
import { driverKeys } from './queries.ts';

// The dialogs (forms, their schemas, the licence and photo widgets) load when first opened, so
// the list itself stays light on a phone.
const DriverDetailDialog = lazy(() => import('./DriverDetailDialog.tsx').then((m) => ({ default: m.DriverDetailDialog })));
const DriverFormDialog = lazy(() => import('./DriverFormDialog.tsx').then((m) => ({ default: m.DriverFormDialog })));
const YangoImportDialog = lazy(() => import('../yango/YangoImportDialog.tsx').then((m) => ({ default: m.YangoImportDialog })));

const fullName = (d: DriverRecord) => `${d.last_name} ${d.first_name}`.trim();
const vehicleLabel = (d: DriverRecord) =>
  d.current_vehicle ? [d.current_vehicle.registration_number, [d.current_vehicle.brand, d.current_vehicle.model].filter(Boolean).join(' ')].filter(Boolean).join(' · ') : '';

const STATUS_OPTIONS = [
  { value: 'all', label: 'Tous les statuts' },
  ...(Object.keys(DRIVER_STATUS_LABELS) as DriverStatus[]).map((s) => ({ value: s, label: DRIVER_STATUS_LABELS[s] })),
];

/** /dashboard/drivers (VIEW_DRIVERS): the park's drivers; a row opens the driver's details. */
export default function DriversPage() {
  const { parkId } = useSession();
  // Recruiting needs MANAGE_DRIVER_VEHICLE: without it the button is not there (no 'Accès refusé' dialog).
  const canRecruit = usePermissions().can('MANAGE_DRIVER_VEHICLE');
  const [status, setStatus] = useState<DriverStatus | 'all'>('all');
  // Kept after closing so the dialog's title doesn't change while it fades out.
  const [editing, setEditing] = useState<{ opened: boolean; driver: DriverRecord | null }>({ opened: false, driver: null });
  const formMounted = useRef(false);
  if (editing.opened) formMounted.current = true;
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const importMounted = useRef(false);
  if (importing) importMounted.current = true;

  const fetchPage: DataTableFetch<DriverRecord> = useCallback(
    (query, signal) =>
      driversApi.list(
        {
          park_id: parkId ?? '',
          page: query.page,
          itemPerPage: query.itemPerPage,
          search: query.search,
          status: (query.filters.status as DriverStatus | undefined) ?? undefined,
        },
        signal,
      ),
    [parkId],
  );

  const columns = useMemo<DataTableColumn<DriverRecord>[]>(
    () => [
      {
        key: 'image',
        header: '',
        exportable: false,
        card: 'leading',
        width: 52,
        render: (d) => <Avatar src={d.image} radius="xl" size={36} name={`${d.first_name} ${d.last_name}`} color="initials" alt="" />,
      },
      {
        key: 'name',
        header: 'Nom',
        card: 'title',
        exportValue: fullName,
        render: (d) => (
          <Text size="sm" fw={500} data-testid="driver-row-name" style={{ overflowWrap: 'anywhere' }}>
            {fullName(d)}
          </Text>
        ),
      },
      { key: 'phone', header: 'Téléphone', card: 'meta' },
      { key: 'status', header: 'Statut', card: 'status', exportValue: (d) => DRIVER_STATUS_LABELS[d.status], render: (d) => <DriverStatusBadge status={d.status} /> },
      {
        key: 'vehicle',
        header: 'Véhicule',
        card: 'meta',
        exportValue: vehicleLabel,
        render: (d) => vehicleLabel(d) || <Text size="sm" c="dimmed">—</Text>,
        cardRender: vehicleLabel,
      },
      { key: 'grade', header: 'Grade', exportValue: (d) => d.grade?.name ?? '', render: (d) => d.grade?.name ?? '—' },
      {
        key: 'dettes',
        header: 'Dettes',
        // A debt is what the owner looks for first on a phone; no figure when there is none.
        card: 'amount',
        cardRender: (d) =>
          d.dettes > 0 ? (
            <Text span size="sm" fw={700} c="red" data-testid="driver-debt">
              <Money amount={d.dettes} />
            </Text>
          ) : null,
        exportValue: (d) => String(d.dettes),
        render: (d) =>
          d.dettes > 0 ? (
            <Text size="sm" c="red" span data-testid="driver-debt">
              <Money amount={d.dettes} /> ({d.nbDettesRecipes})
            </Text>
          ) : (
            <Text size="sm" c="dimmed">—</Text>
          ),
      },
      { key: 'sold', header: 'Solde', exportValue: (d) => String(d.sold), render: (d) => <Money amount={d.sold} size="sm" /> },
    ],
    [],
  );

  return (
    <Stack gap="md" data-testid="drivers-page">
      <FleetTabs />
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Chauffeurs
        </Title>
        <Text c="dimmed" size="sm">
          Les chauffeurs du parc, leur statut et le véhicule qu’ils conduisent.
        </Text>
      </div>
      <DataTable<DriverRecord>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={driverKeys.list()}
        filters={{ status: status === 'all' ? undefined : status }}
        onResetFilters={() => setStatus('all')}
        filtersSlot={
          <Select
            aria-label="Statut"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => setStatus((v as DriverStatus | 'all' | null) ?? 'all')}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
            comboboxProps={{ withinPortal: true }}
            data-testid="drivers-status-filter"
          />
        }
        searchPlaceholder="Rechercher un chauffeur (nom, téléphone, CNI)"
        onRowClick={(d) => setInspecting(d.id)}
        exportFileName="Chauffeurs"
        minWidth={760}
        actions={
          canRecruit ? (
            <Button onClick={() => setEditing({ opened: true, driver: null })} data-testid="driver-add">
              Recruter un chauffeur
            </Button>
          ) : undefined
        }
        testId="drivers-table"
      />
      <Suspense fallback={null}>
        {inspecting ? (
          <DriverDetailDialog
            driverId={inspecting}
            onClose={() => setInspecting(null)}
            onEdit={(driver) => {
              setInspecting(null);
              setEditing({ opened: true, driver });
            }}
          />
        ) : null}
        {/* Mounted from its first opening on: its success dialog outlives the form. */}
        {editing.opened || formMounted.current ? (
          <DriverFormDialog
            opened={editing.opened}
            driver={editing.driver}
            onClose={() => setEditing((e) => ({ ...e, opened: false }))}
            onImport={() => {
              setEditing((e) => ({ ...e, opened: false }));
              setImporting(true);
            }}
          />
        ) : null}
        {/* Kept mounted once opened so it fades out; an import opens the new driver's details. */}
        {importing || importMounted.current ? (
          <YangoImportDialog opened={importing} mode="import" onClose={() => setImporting(false)} onLinked={(driverId) => setInspecting(driverId)} />
        ) : null}
      </Suspense>
    </Stack>
  );
}
