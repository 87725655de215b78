import { useMemo, useState } from 'react';
import { Alert, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TAccountingDiagram, TDiagramMonth } from '@flotte/contract/accounting';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import type { DateRange, Period } from '../../ui/dates/periods.ts';
import type { ExportColumn } from '../../ui/export/export-table.ts';
import { Money } from '../../ui/Money.tsx';
import { GroupFilter } from './GroupFilter.tsx';
import { CHART_COLORS, PnlBarChart } from './PnlBarChart.tsx';
import { useAccountingDiagram } from './queries.ts';
import { monthLabel } from './report-tree.ts';
import { ReportExportButton } from './ReportExportButton.tsx';
import { lastTwelveMonths, wireEnd, wireStart } from './reporting-period.ts';

const EXPORT_COLUMNS: ExportColumn<TDiagramMonth>[] = [
  { header: 'Mois', value: (m) => monthLabel(m.month) },
  { header: 'Revenus', value: (m) => m.revenue, money: true },
  { header: 'Dépenses', value: (m) => m.expenses, money: true },
  { header: 'Résultat', value: (m) => m.result, money: true },
];

function Legend() {
  const dot = (color: string) => <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: color, marginRight: 6 }} />;
  return (
    <Group gap="md">
      <Text size="sm">
        {dot(CHART_COLORS.revenue)}Revenus
      </Text>
      <Text size="sm">
        {dot(CHART_COLORS.expenses)}Dépenses
      </Text>
    </Group>
  );
}

function Shares({ data, type, title }: { data: TAccountingDiagram; type: 'profit' | 'perte'; title: string }) {
  const rows = data.categories.filter((c) => c.type === type);
  const total = type === 'profit' ? data.revenue : data.expenses;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`pnl-diagram-shares-${type}`}>
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucun élément trouvé
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((c) => (
            <div key={c.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate>
                  {c.name}
                </Text>
                <Money amount={c.amount} currency={data.currency} size="sm" />
              </Group>
              <Progress value={total > 0 ? (100 * c.amount) / total : 0} color={type === 'profit' ? 'teal' : 'red'} size="sm" aria-label={c.name} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** 'Diagramme': revenue against expenses month by month, and each category's share. Loaded on demand. */
export default function PnlDiagramPanel({ parkId, today }: { parkId: string; today: Date }) {
  const [period, setPeriod] = useState<Period>(() => lastTwelveMonths(today));
  const [groupId, setGroupId] = useState<string | null>(null);
  const query = useMemo(
    () => ({ park_id: parkId, start_date: wireStart(period.start), end_date: wireEnd(period.end), groupe_id: groupId ?? undefined }),
    [parkId, period, groupId],
  );
  const diagram = useAccountingDiagram(query);
  const pick = (range: DateRange) => setPeriod(range.start && range.end ? { start: range.start, end: range.end } : lastTwelveMonths(today));
  const data = diagram.data;

  return (
    <Stack gap="md" data-testid="pnl-diagram">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <DateRangePicker label="Période" value={period} onChange={pick} noFuture testId="diagram-period" />
          <GroupFilter parkId={parkId} value={groupId} onChange={setGroupId} testId="diagram-group" />
        </Group>
        <ReportExportButton fileName="Diagramme PnL" title="Revenus et dépenses par mois" columns={EXPORT_COLUMNS} rows={data?.series} testId="diagram" />
      </Group>
      {diagram.isError ? (
        <Alert color="red" title="Impossible de charger le diagramme" data-testid="diagram-error">
          {diagram.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton h={300} radius="md" />
      ) : (
        <Stack gap="md" style={{ opacity: diagram.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <Card withBorder radius="md" padding="md">
            <Group justify="space-between" mb="sm" gap="sm">
              <Title order={3} fz="h5">
                Revenus et dépenses par mois
              </Title>
              <Legend />
            </Group>
            <PnlBarChart series={data.series} currency={data.currency} />
            <Group gap="lg" mt="sm">
              <Text size="sm">
                Revenus : <Money amount={data.revenue} currency={data.currency} fw={600} />
              </Text>
              <Text size="sm">
                Dépenses : <Money amount={data.expenses} currency={data.currency} fw={600} />
              </Text>
              <Text size="sm" data-testid="diagram-result">
                Résultat : <Money amount={data.result} currency={data.currency} fw={700} c={data.result < 0 ? 'red' : undefined} />
              </Text>
            </Group>
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Shares data={data} type="profit" title="Revenus par catégorie" />
            <Shares data={data} type="perte" title="Dépenses par catégorie" />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
