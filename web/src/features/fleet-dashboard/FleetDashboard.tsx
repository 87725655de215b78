import { useState } from 'react';
import { Alert, Card, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFleetDetails, TRevenueGraph } from '@flotte/contract/fleet-dashboard';
import { Money } from '../../ui/Money.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { FleetCard } from './FleetCard.tsx';
import { useFleetDetails, useRevenueEvolution } from './queries.ts';
import { REVENUE_COLORS, RevenueEvolutionChart } from './RevenueEvolutionChart.tsx';

const GRAPHS: { value: TRevenueGraph; label: string }[] = [
  { value: 'month', label: 'Mois' },
  { value: 'week', label: 'Semaines' },
  { value: 'year', label: 'Années' },
];
/** The first year the year picker offers (spec 001 section 9: 2024, 2025 ...). */
const FIRST_YEAR = 2024;

/**
 * The fleet dashboard (spec 001 section 2.13): today's recipes, uncollected receipts, deleted
 * recipes, documents to renew, drivers and vehicles, vehicles in maintenance or without planning,
 * the money held, each with its trend; then the revenue evolution chart (month by default).
 */
export default function FleetDashboard({ parkId }: { parkId: string }) {
  const details = useFleetDetails(parkId);
  return (
    <Stack gap="md" data-testid="fleet-dashboard">
      {details.isError ? (
        <Alert color="red" title="Impossible de charger le tableau de bord" data-testid="fleet-dashboard-error">
          {details.error.message}
        </Alert>
      ) : !details.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <FleetCards d={details.data} />
      )}
      <RevenueSection parkId={parkId} />
    </Stack>
  );
}

function FleetCards({ d }: { d: TFleetDetails }) {
  const money = (amount: number) => <Money amount={amount} currency={d.currency} inherit />;
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="fleet-cards">
      <FleetCard
        testId="card-expected-today"
        title="Recettes attendues aujourd'hui"
        value={money(d.receipts_expected_today.amount)}
        detail={
          <>
            {plural(d.number_recipe_expected_today.count, 'recette', 'recettes')} · encaissé {money(d.receipts_expected_today.collected)} · reste{' '}
            {money(d.receipts_expected_today.remaining)}
          </>
        }
        trend={{ ...d.receipts_expected_today, meaning: 'more-is-good' }}
      />
      <FleetCard
        testId="card-collected-today"
        title="Encaissé aujourd'hui"
        value={money(d.actual_recipe.amount)}
        detail={<>Hier : {money(d.actual_recipe.previous ?? 0)}</>}
        trend={{ ...d.actual_recipe, meaning: 'more-is-good' }}
      />
      <FleetCard
        testId="card-uncollected"
        title="Recettes non encaissées"
        value={money(d.previous_receipts_not_collected.amount)}
        detail={plural(d.previous_receipts_not_collected.count, 'recette des jours passés', 'recettes des jours passés')}
        trend={{ ...d.previous_receipts_not_collected, meaning: 'more-is-bad' }}
        link={{ to: '/dashboard/receipts', label: 'Voir les recettes' }}
      />
      <FleetCard
        testId="card-deleted"
        title="Recettes supprimées"
        value={d.total_recipe_deleted.count}
        detail={<>Ce mois-ci : {d.total_recipe_deleted_this_month.count}</>}
        trend={{ ...d.total_recipe_deleted_this_month, meaning: 'more-is-bad' }}
      />
      <FleetCard
        testId="card-documents"
        title="Documents à renouveler (30 jours)"
        value={d.future_expired_doc.count}
        trend={{ ...d.future_expired_doc, meaning: 'more-is-bad' }}
        link={{ to: '/dashboard/drivers/documents', label: 'Voir les documents' }}
      />
      <FleetCard
        testId="card-drivers"
        title="Chauffeurs"
        value={d.driver.total}
        detail={plural(d.driver.active, 'actif', 'actifs')}
        trend={{ ...d.driver, meaning: 'neutral' }}
      />
      <FleetCard
        testId="card-vehicles"
        title="Véhicules"
        value={d.vehicle.total}
        detail={<>{plural(d.vehicle.active, 'en service', 'en service')} · {d.breakdown.count} en maintenance</>}
        trend={{ ...d.vehicle, meaning: 'neutral' }}
      />
      <FleetCard
        testId="card-unplanned"
        title="Véhicules sans planning aujourd'hui"
        value={d.vehicles_without_planning_today.count}
        detail={
          d.vehicles_without_planning_today.count > 0
            ? `Aucune recette ne sera créée pour : ${d.vehicles_without_planning_today.vehicles.map((v) => v.label ?? v.registration_number).join(', ')}${d.vehicles_without_planning_today.count > d.vehicles_without_planning_today.vehicles.length ? '…' : ''}`
            : 'Tous les véhicules configurés sont planifiés.'
        }
        trend={{ ...d.vehicles_without_planning_today, meaning: 'more-is-bad' }}
        link={d.vehicles_without_planning_today.count > 0 ? { to: '/dashboard/schedule', label: 'Ouvrir le planning' } : undefined}
      />
      {d.balance ? (
        <FleetCard
          testId="card-balance"
          title="Solde (caisses et mobile money)"
          value={money(d.balance.amount)}
          detail={<>Ce matin : {money(d.balance.previous ?? 0)}</>}
          trend={{ ...d.balance, meaning: 'more-is-good' }}
          link={{ to: '/dashboard/status-accounts', label: 'Voir les soldes' }}
        />
      ) : null}
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
    <Card withBorder radius="md" padding="md" data-testid="revenue-evolution">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={3} fz="h4">
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
          <Skeleton h={240} radius="md" />
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
