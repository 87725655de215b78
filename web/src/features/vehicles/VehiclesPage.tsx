import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { SERVICE_URGENCY_LABELS, VEHICLE_STATUS_LABELS, type TVehicleListItem, type TVehicleStatus } from '@flotte/contract';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { usePermissions } from '../auth/permissions.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { FleetTabs } from '../fleet/FleetTabs.tsx';
import { urgencyShownInList } from '../reminders/reminder-view.ts';
import { UrgencyBadge } from '../reminders/UrgencyBadge.tsx';
import { useVehicleGroups } from '../vehicle-groups/queries.ts';
import { vehicleKeys } from './queries.ts';
import type { VehicleDialogMode } from './VehicleDialog.tsx';
import { vehiclesApi } from './vehicles-api.ts';
import { brandModel, VEHICLE_STATUS_FILTERS } from './vehicle-status.ts';
import { VehicleStatusDot } from './VehicleStatusDot.tsx';

// The dialogs (forms, planning rules, pickers) download on first use: the list shows sooner on a slow network.
const VehicleDetailsDialog = lazy(() => import('./VehicleDetailsDialog.tsx').then((m) => ({ default: m.VehicleDetailsDialog })));
const VehicleDialog = lazy(() => import('./VehicleDialog.tsx').then((m) => ({ default: m.VehicleDialog })));

const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'Tous les statuts' }, ...VEHICLE_STATUS_FILTERS];
const driverName = (v: TVehicleListItem) => (v.current_driver ? `${v.current_driver.last_name} ${v.current_driver.first_name}`.trim() : '');

/** /dashboard/drivers/vehicles (VIEW_DRIVERS): the park's vehicles; a row opens the vehicle's details. */
export default function VehiclesPage() {
  const { parkId } = useSession();
  // Adding needs MANAGE_DRIVER_VEHICLE: without it the button is not there (no 'Accès refusé' dialog).
  const canAdd = usePermissions().can('MANAGE_DRIVER_VEHICLE');
  const groups = useVehicleGroups(parkId);
  const [status, setStatus] = useState<string>(ALL);
  const [group, setGroup] = useState<string>(ALL);
  const [dialog, setDialog] = useState<VehicleDialogMode | null>(null);
  // A notification's link names a vehicle (?vehicle_id=, and &tab=reminders for a service): its
  // details open, again for each new link.
  const [params, setParams] = useSearchParams();
  const linked = params.get('vehicle_id');
  const linkedTab = linked && params.get('tab') === 'reminders' ? 'reminders' : undefined;
  const [inspecting, setInspecting] = useState<string | null>(linked);
  useEffect(() => {
    if (linked) setInspecting(linked);
  }, [linked]);
  const closeDetails = () => {
    setInspecting(null);
    if (linked) setParams((p) => (p.delete('vehicle_id'), p.delete('tab'), p), { replace: true });
  };
  const detailsUsed = useSticky(inspecting !== null);
  const dialogUsed = useSticky(dialog !== null);

  const fetchPage: DataTableFetch<TVehicleListItem> = useCallback(
    (query, signal) =>
      vehiclesApi.list(
        {
          park_id: parkId ?? '',
          page: query.page,
          itemPerPage: query.itemPerPage,
          search: query.search,
          status: query.filters.status as TVehicleStatus | undefined,
          group: query.filters.group as string | undefined,
        },
        signal,
      ),
    [parkId],
  );

  const columns = useMemo<DataTableColumn<TVehicleListItem>[]>(
    () => [
      {
        key: 'label',
        header: 'Véhicule',
        card: 'title',
        exportValue: (v) => v.label ?? brandModel(v),
        render: (v) => (
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={v.image} radius="md" size={36} alt="" color="brand">
              <CarIcon />
            </Avatar>
            <Text size="sm" fw={500} data-testid="vehicle-row-label" style={{ overflowWrap: 'anywhere' }}>
              {v.label || brandModel(v)}
            </Text>
          </Group>
        ),
      },
      {
        key: 'registration_number',
        header: 'Immatriculation',
        card: 'amount',
        render: (v) => (
          <Text size="sm" ff="monospace" data-testid="vehicle-row-registration">
            {v.registration_number}
          </Text>
        ),
      },
      { key: 'brand', header: 'Marque / modèle', card: 'subtitle', exportValue: brandModel, render: brandModel, cardRender: (v) => (v.label ? brandModel(v) : null) },
      {
        key: 'status',
        header: 'Statut',
        card: 'status',
        exportValue: (v) => VEHICLE_STATUS_LABELS[v.display_status],
        render: (v) => <VehicleStatusDot status={v.display_status} />,
      },
      {
        // Service reminders: only what needs acting on shows ('À jour' stays silent).
        key: 'service_urgency',
        header: 'Entretien',
        card: 'meta',
        exportValue: (v) => (urgencyShownInList(v.service_urgency) ? SERVICE_URGENCY_LABELS[v.service_urgency] : ''),
        render: (v) => (urgencyShownInList(v.service_urgency) ? <UrgencyBadge urgency={v.service_urgency} /> : null),
        cardRender: (v) =>
          urgencyShownInList(v.service_urgency) ? (
            <>
              Entretien : <UrgencyBadge urgency={v.service_urgency} />
            </>
          ) : null,
      },
      {
        key: 'current_driver',
        header: 'Chauffeur actuel',
        card: 'meta',
        exportValue: driverName,
        render: (v) => driverName(v) || <Text size="sm" c="dimmed">—</Text>,
        cardRender: (v) => (driverName(v) ? `Chauffeur : ${driverName(v)}` : 'Sans chauffeur'),
      },
      {
        key: 'group',
        header: 'Groupe',
        card: 'meta',
        exportValue: (v) => v.group?.title ?? '',
        render: (v) => v.group?.title ?? <Text size="sm" c="dimmed">—</Text>,
        cardRender: (v) => (v.group ? `Groupe : ${v.group.title}` : null),
      },
    ],
    [],
  );

  const groupOptions = [{ value: ALL, label: 'Tous les groupes' }, ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.title }))];

  return (
    <Stack gap="md" data-testid="vehicles-page">
      <FleetTabs />
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Véhicules
        </Title>
        <Text c="dimmed" size="sm">
          Les véhicules du parc, leur statut et qui les conduit aujourd’hui.
        </Text>
      </div>
      <DataTable<TVehicleListItem>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={vehicleKeys.list()}
        filters={{ status: status === ALL ? undefined : status, group: group === ALL ? undefined : group }}
        onResetFilters={() => {
          setStatus(ALL);
          setGroup(ALL);
        }}
        filtersSlot={
          <>
            <Select
              aria-label="Statut"
              data={STATUS_OPTIONS}
              value={status}
              onChange={(v) => setStatus(v ?? ALL)}
              allowDeselect={false}
              w={{ base: '100%', sm: 180 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="vehicles-status-filter"
            />
            <Select
              aria-label="Groupe"
              data={groupOptions}
              value={group}
              onChange={(v) => setGroup(v ?? ALL)}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="vehicles-group-filter"
            />
          </>
        }
        searchPlaceholder="Rechercher un véhicule"
        onRowClick={(v) => setInspecting(v.id)}
        exportFileName="Vehicules"
        exportTitle="Véhicules"
        minWidth={920}
        actions={
          canAdd ? (
            <Button onClick={() => setDialog({ kind: 'create' })} data-testid="vehicle-add">
              Ajouter un véhicule
            </Button>
          ) : undefined
        }
        testId="vehicles-table"
      />
      <Suspense fallback={null}>
        {/* Mounted once first needed, then kept so their closing animations play. */}
        {inspecting !== null || detailsUsed ? <VehicleDetailsDialog vehicleId={inspecting} onClose={closeDetails} onOpenDialog={setDialog} initialTab={inspecting === linked ? linkedTab : undefined} /> : null}
        {dialog !== null || dialogUsed ? <VehicleDialog mode={dialog} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </Stack>
  );
}

/** True from the first time `on` is true. */
function useSticky(on: boolean): boolean {
  const [seen, setSeen] = useState(on);
  if (on && !seen) setSeen(true);
  return seen || on;
}

function CarIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M5 17h14M5 17a2 2 0 1 0 4 0M15 17a2 2 0 1 0 4 0M3 17v-5l2-5h14l2 5v5M3 12h18" />
    </svg>
  );
}
