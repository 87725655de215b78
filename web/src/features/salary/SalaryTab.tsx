import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SALARY_MESSAGES, type TSalaryCalculation, type TSalaryLine } from '@flotte/contract/salary';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { defaultReportingPeriod, toDayString, type DateRange, type Period } from '../../ui/dates/periods.ts';
import { formatDate, formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { parkToday } from '../accounting/reporting-period.ts';
import { usePermissions } from '../auth/permissions.ts';
import { salaryApi } from './salary-api.ts';
import { salaryFigure } from './salary-net.ts';
import { SalaryPaymentStep } from './SalaryPaymentStep.tsx';

export const salaryKeys = {
  all: ['salary'] as const,
  calculation: (driverId: string, from: string, to: string) => [...salaryKeys.all, driverId, from, to] as const,
};

export interface SalaryDriver {
  id: string;
  first_name: string;
  last_name: string;
}

/** The period the tab opens on: this month up to today, or last month before the 7th (spec 001 section 4). */
function defaultPeriod(today: Date): Period {
  const p = defaultReportingPeriod(today);
  return { start: p.start, end: p.end > today ? today : p.end };
}

/**
 * The driver dialog's 'Salaire' tab (spec 001 sections 2.11 and 4): for a period, the lines that
 * make the gross (fully paid recipes not yet counted; unsettled ones and salary days shown for
 * information), the penalties to tick, the net (never below 0) and the 2-step payment, which only
 * the fleet owner may make.
 */
export function SalaryTab({ driver }: { driver: SalaryDriver }) {
  const park = useActingPark();
  const { isOwner } = usePermissions();
  const today = parkToday(park?.time_zone);
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(today));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [step, setStep] = useState<1 | 2>(1);
  const from = toDayString(period.start);
  const to = toDayString(period.end);
  const query = useQuery({
    queryKey: salaryKeys.calculation(driver.id, from, to),
    queryFn: ({ signal }) => salaryApi.calculate({ driver_id: driver.id, start_date: from, end_date: to }, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const figure = useMemo(() => salaryFigure(data?.gross ?? 0, data?.penalties ?? [], selected), [data, selected]);

  const pick = (range: DateRange) => {
    setPeriod(range.start && range.end ? { start: range.start, end: range.end } : defaultPeriod(today));
    setSelected(new Set());
    setStep(1);
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md" data-testid="salary-tab">
      <DateRangePicker label="Période" value={period} onChange={pick} noFuture testId="salary-period" />
      {query.isError ? (
        <Alert color="red" title="Impossible de calculer le salaire" data-testid="salary-error">
          {query.error.message}
        </Alert>
      ) : !data ? (
        <Stack gap="sm">
          <Skeleton h={80} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : step === 2 ? (
        <SalaryPaymentStep
          driver={driver}
          from={from}
          to={to}
          figure={figure}
          currency={data.currency}
          onCancel={() => setStep(1)}
          onPaid={() => {
            setSelected(new Set());
            setStep(1);
          }}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure label="Salaire brut" amount={figure.gross} currency={data.currency} testId="salary-gross" />
            <Figure label="Pénalités déduites" amount={figure.deducted} currency={data.currency} testId="salary-deducted" />
            <Figure label="Net à payer" amount={figure.net} currency={data.currency} testId="salary-net" strong />
          </SimpleGrid>
          <SalaryLines data={data} />
          <Penalties data={data} selected={selected} onToggle={toggle} />
          <AlreadyPaid data={data} />
          {isOwner ? (
            <Group justify="flex-end">
              <Button disabled={!figure.canPay} onClick={() => setStep(2)} data-testid="salary-pay">
                Payer le salaire
              </Button>
            </Group>
          ) : (
            <Alert color="orange" title={SALARY_MESSAGES.restrictedTitle} data-testid="salary-restricted">
              {SALARY_MESSAGES.ownerOnly}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}

export default SalaryTab;

function Figure({ label, amount, currency, testId, strong }: { label: string; amount: number; currency: string; testId: string; strong?: boolean }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Money amount={amount} currency={currency} fz={strong ? 'xl' : 'lg'} fw={700} data-testid={`${testId}-amount`} />
    </Card>
  );
}

/** Words as written and never cut: the table lets the vehicle wrap instead ('Recette non soldée' read 'RECETTE …'). */
const STATE_BADGE = { variant: 'light', tt: 'none', style: { minWidth: 'max-content' } } as const;

function lineState(l: TSalaryLine) {
  if (l.kind === 'salary_day')
    return (
      <Badge color="grape" {...STATE_BADGE}>
        Jour de salaire
      </Badge>
    );
  return l.counted ? (
    <Badge color="teal" {...STATE_BADGE}>
      Comptée
    </Badge>
  ) : (
    <Badge color="orange" {...STATE_BADGE}>
      {SALARY_MESSAGES.notSettled}
    </Badge>
  );
}

/** The lines that make the figure, by day. */
function SalaryLines({ data }: { data: TSalaryCalculation }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Title order={4} fz="md">
          Détail du salaire
        </Title>
        {data.pending > 0 ? (
          <Text size="xs" c="dimmed" data-testid="salary-pending">
            En attente (recettes non soldées) : <Money amount={data.pending} currency={data.currency} size="xs" />
          </Text>
        ) : null}
      </Group>
      {data.lines.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="salary-no-lines">
          Aucune recette à compter sur cette période.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing={6} fz="sm" data-testid="salary-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Véhicule</Table.Th>
                <Table.Th ta="right">Objectif</Table.Th>
                <Table.Th ta="right">Encaissé</Table.Th>
                <Table.Th ta="right">Salaire</Table.Th>
                <Table.Th>État</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((l, i) => (
                <Table.Tr key={`${l.kind}-${l.recipe_id ?? i}`} data-testid="salary-line" data-counted={l.counted} c={l.counted ? undefined : 'dimmed'}>
                  <Table.Td>{formatDate(`${l.date}T00:00:00`)}</Table.Td>
                  <Table.Td>{l.vehicle ? (l.vehicle.label ?? l.vehicle.registration_number) : '—'}</Table.Td>
                  <Table.Td ta="right">{l.objective === null ? '—' : <Money amount={l.objective} currency={data.currency} />}</Table.Td>
                  <Table.Td ta="right">{l.collected === null ? '—' : <Money amount={l.collected} currency={data.currency} />}</Table.Td>
                  <Table.Td ta="right">{l.kind === 'salary_day' ? '—' : <Money amount={l.salary_amount} currency={data.currency} />}</Table.Td>
                  <Table.Td title={l.note ?? undefined}>{lineState(l)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The contraventions to deduct, ticked one by one. */
function Penalties({ data, selected, onToggle }: { data: TSalaryCalculation; selected: Set<string>; onToggle: (id: string) => void }) {
  return (
    <Stack gap={6}>
      <Title order={4} fz="md">
        Pénalités (contraventions)
      </Title>
      {data.penalties.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="salary-no-penalties">
          Aucune contravention à déduire.
        </Text>
      ) : (
        <Stack gap={4} data-testid="salary-penalties">
          {data.penalties.map((p) => (
            <Checkbox
              key={p.id}
              checked={selected.has(p.id)}
              onChange={() => onToggle(p.id)}
              data-testid="salary-penalty"
              label={
                <Group gap="xs" wrap="nowrap">
                  <Money amount={p.amount} currency={data.currency} fw={600} />
                  <Text size="sm" c="dimmed">
                    {formatDateTime(p.date)}
                    {p.comment ? ` · ${p.comment}` : ''}
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AlreadyPaid({ data }: { data: TSalaryCalculation }) {
  if (data.already_paid.length === 0) return null;
  return (
    <Stack gap={4} data-testid="salary-already-paid">
      <Title order={4} fz="md">
        Déjà payé sur cette période
      </Title>
      {data.already_paid.map((p) => (
        <Text key={p.id} size="sm">
          {formatDate(`${p.start_date}T00:00:00`)} – {formatDate(`${p.end_date}T00:00:00`)} : <Money amount={p.net} currency={data.currency} fw={600} /> net
          {p.penalties > 0 ? (
            <>
              {' '}
              (brut <Money amount={p.gross} currency={data.currency} />, pénalités <Money amount={p.penalties} currency={data.currency} />)
            </>
          ) : null}
          , payé le {formatDateTime(p.created_at)}
        </Text>
      ))}
    </Stack>
  );
}
