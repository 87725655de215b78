import { useMemo, useState } from 'react';
import { Alert, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TAccountingState, TStateNode } from '@flotte/contract/accounting';
import { PNL_TYPE_LABELS } from '@flotte/contract/pnl';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import type { DateRange, Period } from '../../ui/dates/periods.ts';
import type { ExportColumn } from '../../ui/export/export-table.ts';
import { Money } from '../../ui/Money.tsx';
import { FigureCard } from './FigureCard.tsx';
import { GroupFilter } from './GroupFilter.tsx';
import { useAccountingState } from './queries.ts';
import { allRows, indentedName, type TreeRow } from './report-tree.ts';
import { ReportExportButton } from './ReportExportButton.tsx';
import { ReportTreeTable, type ReportColumn } from './ReportTreeTable.tsx';
import { defaultStatePeriod, stateQuery, wireDay } from './reporting-period.ts';
import { formatPercent } from './trend.ts';
import { TrendMark } from './TrendMark.tsx';

const EXPORT_COLUMNS: ExportColumn<TreeRow<TStateNode>>[] = [
  { header: 'Catégorie', value: (r) => indentedName(r.node.name, r.level) },
  { header: 'Type', value: (r) => PNL_TYPE_LABELS[r.node.type] },
  { header: 'Montant', value: (r) => r.node.amount, money: true },
  { header: 'Période précédente', value: (r) => r.node.previous, money: true },
  { header: 'Évolution', value: (r) => formatPercent(r.node.percentage) },
];

function breakdownColumns(currency: string): ReportColumn<TStateNode>[] {
  return [
    { header: 'Montant', cell: (n) => <Money amount={n.amount} currency={currency} size="sm" /> },
    { header: 'Période précédente', cell: (n) => <Money amount={n.previous} currency={currency} size="sm" c="dimmed" /> },
    {
      header: 'Évolution',
      cell: (n) => (
        <Group justify="flex-end" wrap="nowrap">
          <TrendMark figure={n} kind={n.type === 'profit' ? 'revenue' : 'expenses'} />
        </Group>
      ),
    },
  ];
}

/**
 * 'État comptable': a period (by default the current month, or the previous one before the 7th;
 * no future day) against the same days last month, for the park or one vehicle group. Revenue,
 * expenses and result with their trend, then each category and its sub-categories.
 */
export function AccountingStatePanel({ parkId, today }: { parkId: string; today: Date }) {
  const [period, setPeriod] = useState<Period>(() => defaultStatePeriod(today));
  const [groupId, setGroupId] = useState<string | null>(null);
  const query = useMemo(() => ({ park_id: parkId, ...stateQuery(period, groupId) }), [parkId, period, groupId]);
  const state = useAccountingState(query);

  const pick = (range: DateRange) => setPeriod(range.start && range.end ? { start: range.start, end: range.end } : defaultStatePeriod(today));
  const data = state.data;
  const exportRows = data ? allRows(data.categories) : undefined;

  return (
    <Stack gap="md" data-testid="accounting-state">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <DateRangePicker label="Période" value={period} onChange={pick} noFuture testId="state-period" />
          <GroupFilter parkId={parkId} value={groupId} onChange={setGroupId} testId="state-group" />
        </Group>
        <ReportExportButton fileName="Etat comptable" title="État comptable" columns={EXPORT_COLUMNS} rows={exportRows} testId="state" />
      </Group>

      {state.isError ? (
        <Alert color="red" title="Impossible de charger l'état comptable" data-testid="state-error">
          {state.error.message}
        </Alert>
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <StateFigures data={data} refreshing={state.isPlaceholderData} />
      )}
    </Stack>
  );
}

function StateFigures({ data, refreshing }: { data: TAccountingState; refreshing: boolean }) {
  const columns = breakdownColumns(data.currency);
  const revenue = data.categories.filter((c) => c.type === 'profit');
  const expenses = data.categories.filter((c) => c.type === 'perte');
  return (
    <Stack gap="md" style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={refreshing}>
      <Text size="sm" c="dimmed" data-testid="state-comparison">
        Du {wireDay(data.period.start_date)} au {wireDay(data.period.end_date)}, comparé au {wireDay(data.previous_period.start_date)} – {wireDay(data.previous_period.end_date)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FigureCard label="Revenus" figure={data.revenue} kind="revenue" currency={data.currency} testId="state-revenue" />
        <FigureCard label="Dépenses" figure={data.expenses} kind="expenses" currency={data.currency} testId="state-expenses" />
        <FigureCard label="Résultat" figure={data.result} kind="result" currency={data.currency} testId="state-result" />
      </SimpleGrid>
      <Title order={3} fz="h4">
        Revenus par catégorie
      </Title>
      <ReportTreeTable roots={revenue} columns={columns} nameHeader="Catégorie" testId="state-revenue-table" />
      <Title order={3} fz="h4">
        Dépenses par catégorie
      </Title>
      <ReportTreeTable roots={expenses} columns={columns} nameHeader="Catégorie" testId="state-expenses-table" />
    </Stack>
  );
}
