import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Select, Stack, Text, Title } from '@mantine/core';
import { OPERATION_TYPE_FILTER_LABELS, OPERATION_TYPE_FILTERS, OPERATIONS_PAGE_SIZE, type TOperation, type TOperationTypeFilter } from '@flotte/contract/operations';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { PickedFilter } from '../../ui/data-table/PickedFilter.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { Money } from '../../ui/Money.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { VehiclePicker, type PickedVehicle } from '../vehicles/VehiclePicker.tsx';
import { collectLabel, isStruck, OPERATION_STATUS_COLORS, opensDetail, personName, vehicleName, wireDateTime } from './operation-display.ts';
import { operationsApi } from './operations-api.ts';
import { operationKeys, useSubAccounts } from './queries.ts';

// The dialogs load when first opened: the list stays light on a phone.
const FundMovementDialog = lazy(() => import('./FundMovementDialog.tsx').then((m) => ({ default: m.FundMovementDialog })));
const OperationDetailDialog = lazy(() => import('./OperationDetailDialog.tsx').then((m) => ({ default: m.OperationDetailDialog })));

/** Cancelled and refused operations read struck through in every cell. */
function Cell({ op, children }: { op: TOperation; children: ReactNode }) {
  return (
    <Text span size="sm" td={isStruck(op) ? 'line-through' : undefined} c={isStruck(op) ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

const DEFAULT_FILTERS = { type: 'all' };
const TYPE_OPTIONS = OPERATION_TYPE_FILTERS.map((t) => ({ value: t, label: OPERATION_TYPE_FILTER_LABELS[t] }));

/** /dashboard/operations (VIEW_OPERATIONS): the park's revenues and expenses, newest first. */
export default function OperationsPage() {
  const { can } = usePermissions();
  const [type, setType] = useState<TOperationTypeFilter>('all');
  const [subAccount, setSubAccount] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const [driver, setDriver] = useState<PickedDriver | null>(null);
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const [picking, setPicking] = useState<'driver' | 'vehicle' | null>(null);
  const [creating, setCreating] = useState(false);
  const [createMounted, setCreateMounted] = useState(false);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const subAccounts = useSubAccounts('all');

  const subOptions = useMemo(
    () =>
      (subAccounts.data ?? [])
        .filter((s) => type === 'all' || s.type === type)
        .map((s) => ({ value: s.id, label: `${s.name} (${s.accounting_category.name})` })),
    [subAccounts.data, type],
  );

  const filters = useMemo(
    () => ({
      type,
      sub_account_id: subAccount ?? undefined,
      driver_id: driver?.id,
      vehicle_id: vehicle?.id,
      start_date: range.start ? toDayString(range.start) : undefined,
      end_date: range.end ? toDayString(range.end) : undefined,
    }),
    [type, subAccount, driver, vehicle, range],
  );

  const fetchPage: DataTableFetch<TOperation> = useCallback(
    (query, signal) =>
      operationsApi
        .list({ page: query.page, itemPerPage: query.itemPerPage, search: query.search, ...(query.filters as typeof filters) }, signal)
        .then((p) => ({ items: p.items, meta: p.meta })),
    [],
  );

  // The operation date and the amount lead (the registration date is in the detail and the file);
  // on a phone each operation is a card: what it was, how much, its status and when.
  const columns = useMemo<DataTableColumn<TOperation>[]>(
    () => [
      {
        key: 'operation_date',
        header: "Date de l'opération",
        card: 'date',
        exportValue: (o) => wireDateTime(o.operation_date),
        render: (o) => <Cell op={o}>{wireDateTime(o.operation_date)}</Cell>,
        cardRender: (o) => wireDateTime(o.operation_date),
      },
      {
        key: 'amount',
        header: 'Montant',
        money: true,
        card: 'amount',
        exportValue: (o) => o.amount,
        render: (o) => (
          <Money amount={o.amount} fw={600} c={isStruck(o) ? 'dimmed' : o.type === 'profit' ? 'teal' : 'red'} td={isStruck(o) ? 'line-through' : undefined} />
        ),
      },
      {
        key: 'status',
        header: 'Statut',
        card: 'status',
        exportValue: (o) => o.status_label,
        render: (o) => (
          <Badge color={OPERATION_STATUS_COLORS[o.status]} variant="light" tt="none" style={{ overflow: 'visible', minWidth: 'max-content' }} data-testid="operation-status">
            {o.status_label}
          </Badge>
        ),
      },
      { key: 'sub_category', header: 'Sous-catégorie', card: 'title', exportValue: (o) => o.sub_category.name, render: (o) => <Cell op={o}>{o.sub_category.name}</Cell>, cardRender: (o) => o.sub_category.name },
      { key: 'category', header: 'Catégorie', card: 'subtitle', exportValue: (o) => o.category?.name ?? '', render: (o) => <Cell op={o}>{o.category?.name ?? '—'}</Cell>, cardRender: (o) => o.category?.name ?? '' },
      { key: 'collect_method', header: 'Moyen de paiement', exportValue: (o) => collectLabel(o.collect_method), render: (o) => <Cell op={o}>{collectLabel(o.collect_method) || '—'}</Cell> },
      {
        key: 'driver',
        header: 'Chauffeur',
        card: 'meta',
        exportValue: (o) => personName(o.driver),
        render: (o) => <Cell op={o}>{personName(o.driver) || '—'}</Cell>,
        // One line for who and what the operation concerns; nothing when it concerns neither.
        cardRender: (o) => [personName(o.driver), o.vehicle?.registration_number].filter(Boolean).join(' · '),
      },
      { key: 'vehicle', header: 'Véhicule', exportValue: (o) => vehicleName(o.vehicle), render: (o) => <Cell op={o}>{vehicleName(o.vehicle) || '—'}</Cell> },
      { key: 'profile_initiator', header: 'Initiateur', exportValue: (o) => personName(o.profile_initiator), render: (o) => <Cell op={o}>{personName(o.profile_initiator) || '—'}</Cell> },
      {
        key: 'comment',
        header: 'Commentaire',
        card: 'meta',
        exportValue: (o) => [o.comment, o.cancel_comment ? `Annulation : ${o.cancel_comment}` : null].filter(Boolean).join(' — '),
        render: (o) => (
          <Stack gap={2}>
            <Cell op={o}>{o.comment || '—'}</Cell>
            {o.cancel_comment ? (
              <Text size="xs" c="red" data-testid="operation-cancel-comment">
                Annulation : {o.cancel_comment}
              </Text>
            ) : null}
          </Stack>
        ),
        cardRender: (o) =>
          o.cancel_comment ? (
            <Text span size="xs" c="red">
              Annulation : {o.cancel_comment}
            </Text>
          ) : (
            o.comment || null
          ),
      },
      { key: 'caisse', header: 'Caisse', exportValue: (o) => o.caisse.name, render: (o) => <Cell op={o}>{o.caisse.name}</Cell> },
      {
        key: 'file_link',
        header: 'Document',
        exportValue: (o) => (o.file_link ? 'Oui' : ''),
        render: (o) =>
          o.file_link ? (
            <Anchor href={o.file_link} target="_blank" rel="noopener" size="sm" onClick={(e) => e.stopPropagation()}>
              Voir
            </Anchor>
          ) : (
            <Text span size="sm" c="dimmed">
              —
            </Text>
          ),
      },
      { key: 'created_at', header: "Date d'enregistrement", exportOnly: true, exportValue: (o) => wireDateTime(o.created_at) },
    ],
    [],
  );

  const resetFilters = () => {
    setType('all');
    setSubAccount(null);
    setRange(EMPTY_RANGE);
    setDriver(null);
    setVehicle(null);
  };

  return (
    <Stack gap="md" data-testid="operations-page">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          Opérations
        </Title>
        <Text c="dimmed" size="sm">
          Les revenus et les dépenses du parc, par caisse et par catégorie.
        </Text>
      </div>
      <DataTable<TOperation>
        columns={columns}
        fetchPage={fetchPage}
        queryKey={operationKeys.list()}
        filters={filters}
        defaultFilters={DEFAULT_FILTERS}
        onResetFilters={resetFilters}
        defaultPageSize={OPERATIONS_PAGE_SIZE}
        searchPlaceholder="Rechercher (chauffeur, véhicule, catégorie)"
        filtersSlot={
          <>
            <PickedFilter
              label="Chauffeur"
              value={driver ? personName(driver) : null}
              onOpen={() => setPicking('driver')}
              onClear={() => setDriver(null)}
              testId="operations-driver-filter"
            />
            <PickedFilter
              label="Véhicule"
              value={vehicle ? vehicle.registration_number : null}
              onOpen={() => setPicking('vehicle')}
              onClear={() => setVehicle(null)}
              testId="operations-vehicle-filter"
            />
            <Select
              aria-label="Type"
              data={TYPE_OPTIONS}
              value={type}
              onChange={(v) => {
                setType((v as TOperationTypeFilter | null) ?? 'all');
                setSubAccount(null);
              }}
              allowDeselect={false}
              w={{ base: '100%', sm: 200 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="operations-type-filter"
            />
            <Select
              aria-label="Sous-catégorie"
              placeholder="Sous-catégorie"
              data={subOptions}
              value={subAccount}
              onChange={setSubAccount}
              searchable
              clearable
              nothingFoundMessage="Aucun élément trouvé"
              w={{ base: '100%', sm: 240 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="operations-sub-account-filter"
            />
            <DateRangePicker value={range} onChange={setRange} testId="operations-period" />
          </>
        }
        onRowClick={(o) => {
          if (opensDetail(o)) setInspecting(o.id);
        }}
        isRowClickable={opensDetail}
        isRowStruck={isStruck}
        exportFileName="Operations"
        exportTitle="Opérations"
        minWidth={1400}
        actions={
          can('CREATE_OPERATION') ? (
            <Button
              onClick={() => {
                setCreateMounted(true);
                setCreating(true);
              }}
              data-testid="operation-add"
            >
              Enregistrer une opération
            </Button>
          ) : null
        }
        testId="operations-table"
      />
      <DriverPicker
        opened={picking === 'driver'}
        onClose={() => setPicking(null)}
        value={driver ? [driver.id] : undefined}
        onConfirm={(picked) => {
          setDriver(picked[0] ?? null);
          setPicking(null);
        }}
      />
      <VehiclePicker
        opened={picking === 'vehicle'}
        onClose={() => setPicking(null)}
        value={vehicle ? [vehicle.id] : undefined}
        allowCreate={false}
        onConfirm={(picked) => {
          setVehicle(picked[0] ?? null);
          setPicking(null);
        }}
      />
      <Suspense fallback={null}>
        {createMounted ? <FundMovementDialog opened={creating} mode="operation" onClose={() => setCreating(false)} /> : null}
        {inspecting ? <OperationDetailDialog operationId={inspecting} onClose={() => setInspecting(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
