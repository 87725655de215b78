import { lazy, Suspense, useState } from 'react';
import { Alert, Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFleetDetails, TRevenueGraph } from '@flotte/contract/fleet-dashboard';
import { DOCUMENT_EXPIRING_DAYS } from '@flotte/contract/vehicle-documents';
import type { Permission } from '@flotte/contract';
import { Money } from '../../ui/Money.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { FleetCard, FleetCardsSkeleton, FLEET_GRID_COLS, fleetCardCount, REVENUE_CARD_HEIGHT, type FleetCardProps } from './FleetCard.tsx';
import { ContractsDueCard } from './ContractsDueCard.tsx';
import { GpsEventsCard } from '../gps/GpsEventsCard.tsx';
import { useFleetDetails, useRevenueEvolution } from './queries.ts';
import { REVENUE_CHART_HEIGHT, REVENUE_COLORS, RevenueEvolutionChart } from './RevenueEvolutionChart.tsx';

import { WhenVisible } from '../../ui/WhenVisible.tsx';

// Yango beside the recipes (issue 21): its own chunk, drawn only for a park connected to Yango.
const YangoReconciliationCard = lazy(() => import('../yango/YangoReconciliationCard.tsx'));

const GRAPHS: { value: TRevenueGraph; label: string }[] = [
  { value: 'month', label: 'Mois' },
  { value: 'week', label: 'Semaines' },
  { value: 'year', label: 'Années' },
];
/** The first year the year picker offers (spec 001 section 9: 2024, 2025 ...). */
const FIRST_YEAR = 2024;

/**
 * The fleet dashboard (spec 001 section 2.13; issue 17 section 4): the figures first, each card of
 * a fixed size (its skeleton too), each leading to the screen that shows the same figure counted
 * the same way (the server computes both by one rule). Without READ_FINANCE the server sends no
 * amount and the money cards and the revenue chart are not drawn at all.
 */
export default function FleetDashboard({ parkId, finance }: { parkId: string; finance: boolean }) {
  const details = useFleetDetails(parkId);
  const { can } = usePermissions();
  const contracts = can('VIEW_CONTRACTS');
  // The GPS events card (issue 22) only for a profile reading GPS; its skeleton counts it too.
  const gps = can('READ_GEOLOCALISATION');
  return (
    <Stack gap="md" data-testid="fleet-dashboard">
      {details.isError ? (
        <Alert color="red" title="Impossible de charger le tableau de bord" data-testid="fleet-dashboard-error">
          {details.error.message}
        </Alert>
      ) : !details.data ? (
        <FleetCardsSkeleton count={fleetCardCount(finance, contracts) + (gps ? 1 : 0)} />
      ) : (
        <FleetCards d={details.data} />
      )}
      {finance ? <RevenueSection parkId={parkId} /> : null}
      {finance ? (
        // Below the chart: loaded when scrolled to, not on the dashboard's first load.
        <WhenVisible testId="yango-reconciliation-placeholder">
          <Suspense fallback={null}>
            <YangoReconciliationCard />
          </Suspense>
        </WhenVisible>
      ) : null}
    </Stack>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The cards, in this order; the money ones only when the server sent their amounts. A card links
 * only to a screen this profile may open (no dead end).
 */
function cardsOf(d: TFleetDetails, can: (p: Permission) => boolean): FleetCardProps[] {
  const linkIf = (p: Permission, to: string, label: string) => (can(p) ? { to, label } : undefined);
  const money = (amount: number) => <Money amount={amount} currency={d.currency} inherit />;
  const cards: FleetCardProps[] = [];
  const expected = d.receipts_expected_today;
  cards.push(
    expected
      ? {
          testId: 'card-expected-today',
          title: "Recettes attendues aujourd'hui",
          value: money(expected.amount),
          detail: (
            <>
              {plural(d.number_recipe_expected_today.count, 'recette', 'recettes')} · encaissé {money(expected.collected)} · reste {money(expected.remaining)}
            </>
          ),
          trend: { ...expected, meaning: 'more-is-good' },
          link: linkIf('VIEW_CASH_COLLECTION', '/dashboard/receipts', 'Voir les encaissements'),
        }
      : {
          testId: 'card-expected-today',
          title: "Recettes attendues aujourd'hui",
          value: d.number_recipe_expected_today.count,
          detail: plural(d.number_recipe_expected_today.count, 'recette à encaisser ce jour', 'recettes à encaisser ce jour'),
          trend: { ...d.number_recipe_expected_today, meaning: 'more-is-good' },
          link: linkIf('VIEW_CASH_COLLECTION', '/dashboard/receipts', 'Voir les encaissements'),
        },
  );
  if (d.actual_recipe) {
    cards.push({
      testId: 'card-collected-today',
      title: "Encaissé aujourd'hui",
      value: money(d.actual_recipe.amount),
      detail: <>Hier : {money(d.actual_recipe.previous ?? 0)}</>,
      trend: { ...d.actual_recipe, meaning: 'more-is-good' },
    });
  }
  if (d.previous_receipts_not_collected) {
    cards.push({
      testId: 'card-uncollected',
      title: 'Recettes non encaissées',
      value: money(d.previous_receipts_not_collected.amount),
      detail: `${plural(d.previous_receipts_not_collected.count, 'recette', 'recettes')} non soldée${d.previous_receipts_not_collected.count > 1 ? 's' : ''}, tous jours confondus`,
      trend: { ...d.previous_receipts_not_collected, meaning: 'more-is-bad' },
      link: linkIf('VIEW_CASH_COLLECTION', '/dashboard/receipts', 'Voir les encaissements'),
    });
  }
  const docs = d.future_expired_doc;
  cards.push(
    {
      testId: 'card-deleted',
      title: 'Recettes supprimées',
      value: d.total_recipe_deleted.count,
      detail: <>Ce mois-ci : {d.total_recipe_deleted_this_month.count}</>,
      trend: { ...d.total_recipe_deleted_this_month, meaning: 'more-is-bad' },
    },
    {
      testId: 'card-documents',
      title: 'Documents à renouveler',
      value: docs.count,
      detail: `${docs.expired > 0 ? `Dont ${plural(docs.expired, 'déjà expiré', 'déjà expirés')}` : 'Aucun déjà expiré'} · les autres expirent dans les ${DOCUMENT_EXPIRING_DAYS} jours`,
      trend: { ...docs, meaning: 'more-is-bad' },
      link: linkIf('VIEW_DRIVERS', '/dashboard/drivers/documents', 'Voir les documents'),
    },
    {
      testId: 'card-drivers',
      title: 'Chauffeurs',
      value: d.driver.total,
      detail: `${plural(d.driver.active, 'actif', 'actifs')}${d.driver.previous !== null ? ` · fin du mois dernier : ${d.driver.previous}` : ''}`,
      trend: { ...d.driver, meaning: 'neutral' },
      link: linkIf('VIEW_DRIVERS', '/dashboard/drivers', 'Voir les chauffeurs'),
    },
    {
      testId: 'card-vehicles',
      title: 'Véhicules',
      value: d.vehicle.total,
      detail: `${d.vehicle.active} en service · ${d.breakdown.count} en maintenance${d.vehicle.previous !== null ? ` · fin du mois dernier : ${d.vehicle.previous}` : ''}`,
      trend: { ...d.vehicle, meaning: 'neutral' },
      link: linkIf('VIEW_DRIVERS', '/dashboard/drivers/vehicles', 'Voir les véhicules'),
    },
    {
      // Service reminders: the vehicles the notifications tell about (else the list that shows their urgency).
      testId: 'card-service-due',
      title: 'Entretiens à prévoir',
      value: d.vehicles_service_due.count,
      detail:
        d.vehicles_service_due.count > 0
          ? `${plural(d.vehicles_service_due.count, 'véhicule', 'véhicules')} : un rappel arrive bientôt, est à faire ou en retard`
          : "Aucun rappel d'entretien à l'approche.",
      trend: { ...d.vehicles_service_due, meaning: 'more-is-bad' },
      link: linkIf('VIEW_NOTIFICATIONS', '/dashboard/notifications', 'Voir les notifications') ?? linkIf('VIEW_DRIVERS', '/dashboard/drivers/vehicles', 'Voir les véhicules'),
    },
    {
      testId: 'card-unplanned',
      title: "Véhicules sans planning aujourd'hui",
      value: d.vehicles_without_planning_today.count,
      detail:
        d.vehicles_without_planning_today.count > 0
          ? `Aucune recette ne sera créée pour : ${d.vehicles_without_planning_today.vehicles.map((v) => v.label ?? v.registration_number).join(', ')}${d.vehicles_without_planning_today.count > d.vehicles_without_planning_today.vehicles.length ? '…' : ''}`
          : 'Tous les véhicules configurés sont planifiés.',
      trend: { ...d.vehicles_without_planning_today, meaning: 'more-is-bad' },
      link: d.vehicles_without_planning_today.count > 0 ? linkIf('VIEW_PLANNING', '/dashboard/schedule', 'Ouvrir le planning') : undefined,
    },
  );
  if (d.balance) {
    cards.push({
      testId: 'card-balance',
      title: 'Solde (caisses et mobile money)',
      value: money(d.balance.amount),
      detail: <>Ce matin : {money(d.balance.previous ?? 0)}</>,
      trend: { ...d.balance, meaning: 'more-is-good' },
      link: linkIf('VIEW_BALANCE', '/dashboard/status-accounts', 'Voir les soldes'),
    });
  }
  return cards;
}

function FleetCards({ d }: { d: TFleetDetails }) {
  const { can } = usePermissions();
  return (
    <SimpleGrid cols={FLEET_GRID_COLS} spacing="md" data-testid="fleet-cards">
      {cardsOf(d, can).map((card) => (
        <FleetCard key={card.testId} {...card} />
      ))}
      {can('VIEW_CONTRACTS') ? <ContractsDueCard currency={d.currency} /> : null}
      {can('READ_GEOLOCALISATION') ? <GpsEventsCard d={d} /> : null}
    </SimpleGrid>
  );
}

function RevenueSection({ parkId }: { parkId: string }) {
  const park = useActingPark();
  const thisYear = parkToday(park?.time_zone).getFullYear();
  const [graph, setGraph] = useState<TRevenueGraph>('month');
  const [year, setYear] = useState(thisYear);
  const evolution = useRevenueEvolution(parkId, graph, year);
  const years = Array.from({ length: Math.max(1, thisYear - FIRST_YEAR + 1) }, (_, i) => String(thisYear - i));
  return (
    <Card withBorder radius="md" padding="md" mih={REVENUE_CARD_HEIGHT} data-testid="revenue-evolution">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz="h4">
              Évolution des revenus
            </Title>
            {evolution.data ? (
              <Text size="sm" c="dimmed">
                Total : <Money amount={evolution.data.total} currency={evolution.data.currency} fw={600} />
              </Text>
            ) : null}
          </div>
          <Group gap="sm" align="flex-end">
            <SegmentedControl size="xs" value={graph} onChange={(v) => setGraph(v as TRevenueGraph)} data={GRAPHS} data-testid="revenue-graph" />
            <Select
              size="xs"
              w={100}
              aria-label="Année"
              data={years}
              value={String(year)}
              onChange={(v) => v && setYear(Number(v))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="revenue-year"
            />
          </Group>
        </Group>
        {evolution.isError ? (
          <Alert color="red">{evolution.error.message}</Alert>
        ) : !evolution.data ? (
          <Skeleton h={REVENUE_CHART_HEIGHT} radius="md" />
        ) : (
          <>
            <RevenueEvolutionChart data={evolution.data} />
            <Group gap="md" justify="center">
              {evolution.data.series.map((s) => (
                <Group key={s.name} gap={6}>
                  <span style={{ width: 10, height: 10, borderRadius: 2, background: REVENUE_COLORS[s.name], display: 'inline-block' }} />
                  <Text size="xs">{s.name}</Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
