import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { RECIPE_COLLECTION_MESSAGES as M, RECIPE_STATUSES, type TDeletedRecipe, type TRecipeStatus, type TRecipeWithPayments } from '@flotte/contract/recipes';
import { countActiveFilters } from '../../ui/data-table/card-layout.ts';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { Money } from '../../ui/Money.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { useDriver } from '../drivers/queries.ts';
import { DriverFilterButton } from './DriverFilterButton.tsx';
import { exceptionalModes } from './exceptional-payment.ts';
import { recipeKeys, useExpectedToday, useUnpaidTotal } from './queries.ts';
import { dayText, isCollectable, OBJECTIVE_REACHED, personName, RECIPE_STATUS_BADGES, recipeVehicleName } from './recipe-display.ts';
import { recipesApi } from './recipes-api.ts';
import type { UnpaidVariant } from './UnpaidRecipesDialog.tsx';

// The dialogs (payment forms, pickers, the calendar) load when first opened: the page stays light on a phone.
const UnpaidRecipesDialog = lazy(() => import('./UnpaidRecipesDialog.tsx').then((m) => ({ default: m.UnpaidRecipesDialog })));
const ExceptionalPaymentDialog = lazy(() => import('./ExceptionalPaymentDialog.tsx').then((m) => ({ default: m.ExceptionalPaymentDialog })));
const RecipeCollectionDialog = lazy(() => import('./RecipeCollectionDialog.tsx').then((m) => ({ default: m.RecipeCollectionDialog })));

const STATUS_OPTIONS = [{ value: 'all', label: 'Tous les statuts' }, ...RECIPE_STATUSES.map((s) => ({ value: s, label: RECIPE_STATUS_BADGES[s].label }))];

function StatusCell({ r }: { r: TRecipeWithPayments }) {
  const badge = RECIPE_STATUS_BADGES[r.status];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={badge.color} variant="light" tt="none" data-testid="recipe-status">
        {badge.label}
      </Badge>
      {r.isPaid ? (
        <Text size="xs" c="teal" data-testid="recipe-objective-reached">
          {OBJECTIVE_REACHED}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A header figure with the button that opens its list. */
function FigureCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" h="100%" justify="space-between">
        <div>
          <Text size="sm" c="dimmed">
            {title}
          </Text>
          {children}
        </div>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * /dashboard/receipts (VIEW_CASH_COLLECTION; ?driver_id= narrows everything to one driver): what is
 * expected today and what is still uncollected, the buttons that open those lists and the
 * exceptional payment, then the history of every recipe (a click on an unpaid one opens its
 * collection dialog; a paid one reads 'Objectif atteint') and the deleted recipes with their reason.
 */
export default function ReceiptsPage() {
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const driverId = params.get('driver_id') ?? undefined;
  const driverQuery = useDriver(driverId ?? null);
  const driver: PickedDriver | null = driverId
    ? driverQuery.data
      ? { id: driverId, first_name: driverQuery.data.first_name, last_name: driverQuery.data.last_name, phone: driverQuery.data.phone, image: driverQuery.data.image }
      : { id: driverId, first_name: '', last_name: 'Chauffeur', phone: '', image: null }
    : null;
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const [status, setStatus] = useState<TRecipeStatus | 'all'>('all');
  const [picking, setPicking] = useState(false);
  const [unpaidDialog, setUnpaidDialog] = useState<UnpaidVariant | null>(null);
  const [exceptional, setExceptional] = useState(false);
  const [mounted, setMounted] = useState({ unpaid: false, exceptional: false });
  const [collecting, setCollecting] = useState<TRecipeWithPayments | null>(null);
  const expected = useExpectedToday(driverId);
  const uncollected = useUnpaidTotal(driverId);
  const mayPayExceptionally = exceptionalModes(can).length > 0;
  // A row opens the collection dialog only for a profile that may collect (ENCAISSER): no 'Accès refusé' dialog.
  const canCollect = can('ENCAISSER');
  const mayCollect = (r: TRecipeWithPayments) => canCollect && isCollectable(r);

  const setDriver = (d: PickedDriver | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (d) next.set('driver_id', d.id);
        else next.delete('driver_id');
        return next;
      },
      { replace: true },
    );
  const openUnpaid = (variant: UnpaidVariant) => {
    setMounted((m) => ({ ...m, unpaid: true }));
    setUnpaidDialog(variant);
  };

  const filters = useMemo(
    () => ({
      driver_id: driverId,
      status: status === 'all' ? undefined : status,
      start_date: range.start ? toDayString(range.start) : undefined,
      end_date: range.end ? toDayString(range.end) : undefined,
    }),
    [driverId, status, range],
  );
  const fetchHistory: DataTableFetch<TRecipeWithPayments> = useCallback(
    (query, signal) => recipesApi.history({ page: query.page, itemPerPage: query.itemPerPage, ...(query.filters as typeof filters) }, signal),
    [],
  );
  const fetchDeleted: DataTableFetch<TDeletedRecipe> = useCallback(
    (query, signal) => recipesApi.deleted({ page: query.page, itemPerPage: query.itemPerPage, driver_id: query.filters.driver_id as string | undefined }, signal),
    [],
  );

  const historyColumns = useMemo<DataTableColumn<TRecipeWithPayments>[]>(
    () => [
      { key: 'date', header: 'Date', card: 'date', exportValue: (r) => dayText(r.date), render: (r) => dayText(r.date) },
      { key: 'driver', header: 'Chauffeur', card: 'title', exportValue: (r) => personName(r.driver), render: (r) => <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{personName(r.driver)}</Text>, cardRender: (r) => personName(r.driver) },
      { key: 'vehicle', header: 'Véhicule', card: 'meta', exportValue: (r) => recipeVehicleName(r.vehicle), render: (r) => recipeVehicleName(r.vehicle) || '—', cardRender: (r) => recipeVehicleName(r.vehicle) },
      { key: 'objective', header: 'Objectif', money: true, card: 'amount', exportValue: (r) => r.objective, render: (r) => <Money amount={r.objective} /> },
      { key: 'actual_recipe', header: 'Encaissé', money: true, exportValue: (r) => r.actual_recipe, render: (r) => <Money amount={r.actual_recipe} c="teal" /> },
      {
        key: 'toEncaiss',
        header: 'Reste',
        money: true,
        card: 'meta',
        exportValue: (r) => r.toEncaiss,
        render: (r) => <Money amount={r.toEncaiss} fw={600} c={r.toEncaiss > 0 ? 'red' : undefined} />,
        // The card's figure is the objective; what came in and what is left go on one line.
        cardRender: (r) => (
          <>
            Encaissé <Money amount={r.actual_recipe} c="teal" />
            {r.toEncaiss > 0 ? (
              <>
                {' · '}Reste <Money amount={r.toEncaiss} fw={600} c="red" />
              </>
            ) : null}
          </>
        ),
      },
      { key: 'status', header: 'Statut', width: 140, card: 'status', exportValue: (r) => RECIPE_STATUS_BADGES[r.status].label, render: (r) => <StatusCell r={r} /> },
    ],
    [],
  );
  const deletedColumns = useMemo<DataTableColumn<TDeletedRecipe>[]>(
    () => [
      { key: 'date', header: 'Date', card: 'date', exportValue: (r) => dayText(r.date), render: (r) => dayText(r.date) },
      { key: 'driver', header: 'Chauffeur', card: 'title', exportValue: (r) => personName(r.driver), render: (r) => personName(r.driver) },
      { key: 'vehicle', header: 'Véhicule', card: 'meta', exportValue: (r) => recipeVehicleName(r.vehicle), render: (r) => recipeVehicleName(r.vehicle) || '—', cardRender: (r) => recipeVehicleName(r.vehicle) },
      { key: 'objective', header: 'Objectif', money: true, card: 'amount', exportValue: (r) => r.objective, render: (r) => <Money amount={r.objective} /> },
      {
        key: 'actual_recipe',
        header: 'Encaissé',
        money: true,
        card: 'meta',
        exportValue: (r) => r.actual_recipe,
        render: (r) => <Money amount={r.actual_recipe} />,
        cardRender: (r) => (
          <>
            Encaissé <Money amount={r.actual_recipe} />
          </>
        ),
      },
      {
        key: 'delete_comment',
        header: 'Motif',
        card: 'meta',
        cardRender: (r) => (r.delete_comment ? `Motif : ${r.delete_comment}` : null),
        exportValue: (r) => r.delete_comment ?? '',
        render: (r) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="deleted-recipe-reason">
            {r.delete_comment || '—'}
          </Text>
        ),
      },
      {
        key: 'deleted_by',
        header: 'Supprimée par',
        card: 'status',
        exportValue: (r) => personName(r.deleted_by),
        render: (r) => personName(r.deleted_by) || '—',
        cardRender: (r) => (
          <Badge color="gray" variant="light" tt="none" style={{ whiteSpace: 'normal', height: 'auto' }}>
            Supprimée le {dayText(r.deleted_at)}
            {r.deleted_by ? ` par ${personName(r.deleted_by)}` : ''}
          </Badge>
        ),
      },
      { key: 'deleted_at', header: 'Supprimée le', exportValue: (r) => dayText(r.deleted_at), render: (r) => dayText(r.deleted_at) },
    ],
    [],
  );

  return (
    <Stack gap="md" data-testid="receipts-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Encaissements
          </Title>
          <Text c="dimmed" size="sm">
            Les recettes attendues des chauffeurs, leur encaissement et leur historique.
          </Text>
        </div>
        {mayPayExceptionally ? (
          <Button
            onClick={() => {
              setMounted((m) => ({ ...m, exceptional: true }));
              setExceptional(true);
            }}
            data-testid="receipts-exceptional"
          >
            Paiement exceptionnel
          </Button>
        ) : null}
      </Group>

      <Group gap="sm">
        <DriverFilterButton value={driver} onOpen={() => setPicking(true)} onClear={() => setDriver(null)} testId="receipts-driver-filter" label="Tous les chauffeurs" />
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FigureCard
          title="Attendues aujourd'hui"
          action={
            <Button variant="light" onClick={() => openUnpaid('expected-today')} data-testid="receipts-open-expected">
              {M.expectedTodayTitle}
            </Button>
          }
        >
          <Group gap="xs" align="baseline">
            <Money amount={expected.data?.total ?? null} fw={700} size="xl" data-testid="receipts-expected-total" />
            <Text size="sm" c="dimmed" data-testid="receipts-expected-count">
              {expected.data ? `${expected.data.count} recette(s)` : ''}
            </Text>
          </Group>
        </FigureCard>
        <FigureCard
          title="Non encaissées"
          action={
            <Button variant="light" color="red" onClick={() => openUnpaid('unpaid')} data-testid="receipts-open-unpaid">
              {M.unpaidTitle}
            </Button>
          }
        >
          <Money amount={uncollected.data ?? null} fw={700} size="xl" c={uncollected.data ? 'red' : undefined} data-testid="receipts-unpaid-total" />
        </FigureCard>
      </SimpleGrid>

      <Tabs defaultValue="history" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="history" data-testid="receipts-tab-history">
            Historique
          </Tabs.Tab>
          <Tabs.Tab value="deleted" data-testid="receipts-tab-deleted">
            Recettes supprimées
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <DataTable<TRecipeWithPayments>
            columns={historyColumns}
            fetchPage={fetchHistory}
            queryKey={recipeKeys.history()}
            filters={filters}
            // The driver is chosen above, for the whole page: the badge counts the list's own filters.
            activeFilterCount={countActiveFilters({ status: filters.status, start_date: filters.start_date, end_date: filters.end_date })}
            onResetFilters={() => {
              setStatus('all');
              setRange(EMPTY_RANGE);
            }}
            searchable={false}
            filtersSlot={
              <>
                <Select
                  aria-label="Statut"
                  data={STATUS_OPTIONS}
                  value={status}
                  onChange={(v) => setStatus((v as TRecipeStatus | 'all' | null) ?? 'all')}
                  allowDeselect={false}
                  w={{ base: '100%', sm: 180 }}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="receipts-status-filter"
                />
                <DateRangePicker value={range} onChange={setRange} testId="receipts-period" />
              </>
            }
            onRowClick={(r) => {
              if (mayCollect(r)) setCollecting(r);
            }}
            isRowClickable={mayCollect}
            exportFileName="Recettes"
            minWidth={900}
            testId="receipts-history"
          />
        </Tabs.Panel>
        <Tabs.Panel value="deleted">
          <DataTable<TDeletedRecipe>
            columns={deletedColumns}
            fetchPage={fetchDeleted}
            queryKey={recipeKeys.deleted()}
            filters={{ driver_id: driverId }}
            searchable={false}
            exportFileName="Recettes_supprimees"
            exportTitle="Recettes supprimées"
            minWidth={1000}
            testId="receipts-deleted"
          />
        </Tabs.Panel>
      </Tabs>

      <DriverPicker
        opened={picking}
        onClose={() => setPicking(false)}
        value={driver ? [driver.id] : undefined}
        onConfirm={(picked) => {
          setDriver(picked[0] ?? null);
          setPicking(false);
        }}
      />
      <Suspense fallback={null}>
        {mounted.unpaid ? <UnpaidRecipesDialog opened={unpaidDialog !== null} variant={unpaidDialog ?? 'unpaid'} driver={driver} onClose={() => setUnpaidDialog(null)} /> : null}
        {mounted.exceptional ? <ExceptionalPaymentDialog opened={exceptional} driver={driver} onClose={() => setExceptional(false)} /> : null}
        {collecting ? <RecipeCollectionDialog recipe={collecting} onClose={() => setCollecting(null)} /> : null}
      </Suspense>
    </Stack>
  );
}
