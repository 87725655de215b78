import { useState } from 'react';
import { Alert, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TPnlYearNode, TYearAmounts } from '@flotte/contract/accounting';
import type { ExportColumn } from '../../ui/export/export-table.ts';
import { Money } from '../../ui/Money.tsx';
import { useAccountingPnl } from './queries.ts';
import { allRows, indentedName, MONTH_LABELS } from './report-tree.ts';
import { ReportExportButton } from './ReportExportButton.tsx';
import { ReportTreeTable, STICKY, type ReportColumn } from './ReportTreeTable.tsx';
import { yearsOffered } from './reporting-period.ts';

/** A line of the exported table: an account, or one of the three totals. */
interface PnlLine {
  name: string;
  amounts: TYearAmounts;
}

const EXPORT_COLUMNS: ExportColumn<PnlLine>[] = [
  { header: 'Catégorie', value: (l) => l.name },
  ...MONTH_LABELS.map((label, i): ExportColumn<PnlLine> => ({ header: label, value: (l) => l.amounts.months[i], money: true })),
  { header: 'Total', value: (l) => l.amounts.total, money: true },
];

const monthColumns = (currency: string): ReportColumn<TPnlYearNode>[] => [
  ...MONTH_LABELS.map((label, i): ReportColumn<TPnlYearNode> => ({ header: label, cell: (n) => (n.months[i] ? <Money amount={n.months[i]} currency={null} size="sm" /> : <Text span size="sm" c="dimmed">–</Text>) })),
  { header: `Total (${currency})`, cell: (n) => <Money amount={n.total} currency={null} size="sm" fw={600} /> },
];

function TotalRow({ label, amounts, testId, strong }: { label: string; amounts: TYearAmounts; testId: string; strong?: boolean }) {
  return (
    <Table.Tr data-testid={testId}>
      <Table.Th style={STICKY}>{label}</Table.Th>
      {amounts.months.map((m, i) => (
        <Table.Td key={MONTH_LABELS[i]} ta="right">
          <Money amount={m} currency={null} size="sm" fw={strong ? 700 : 600} c={m < 0 ? 'red' : undefined} />
        </Table.Td>
      ))}
      <Table.Td ta="right">
        <Money amount={amounts.total} currency={null} size="sm" fw={700} c={amounts.total < 0 ? 'red' : undefined} />
      </Table.Td>
    </Table.Tr>
  );
}

/** 'Compte de résultat': the year month by month, categories as rows (sub-accounts on demand), with the totals. */
export function PnlYearPanel({ parkId, today }: { parkId: string; today: Date }) {
  const years = yearsOffered(today);
  const [year, setYear] = useState(today.getFullYear());
  const pnl = useAccountingPnl(parkId, year);
  const data = pnl.data;
  const lines: PnlLine[] | undefined = data
    ? [
        ...allRows(data.categories).map((r) => ({ name: indentedName(r.node.name, r.level), amounts: r.node })),
        { name: 'Total des revenus', amounts: data.revenue },
        { name: 'Total des dépenses', amounts: data.expenses },
        { name: 'Résultat', amounts: data.result },
      ]
    : undefined;

  return (
    <Stack gap="md" data-testid="pnl-year">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Année"
          data={years.map(String)}
          value={String(year)}
          onChange={(v) => v && setYear(Number(v))}
          allowDeselect={false}
          w={140}
          data-testid="pnl-year-select"
        />
        <ReportExportButton fileName={`Compte de resultat ${year}`} title={`Compte de résultat ${year}`} columns={EXPORT_COLUMNS} rows={lines} testId="pnl-year" />
      </Group>
      {pnl.isError ? (
        <Alert color="red" title="Impossible de charger le compte de résultat" data-testid="pnl-year-error">
          {pnl.error.message}
        </Alert>
      ) : !data ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <div style={{ opacity: pnl.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <ReportTreeTable
            roots={data.categories}
            columns={monthColumns(data.currency)}
            nameHeader="Catégorie"
            minWidth={1400}
            stickyName
            testId="pnl-year-table"
            footer={
              <>
                <TotalRow label="Total des revenus" amounts={data.revenue} testId="pnl-year-revenue" />
                <TotalRow label="Total des dépenses" amounts={data.expenses} testId="pnl-year-expenses" />
                <TotalRow label="Résultat" amounts={data.result} testId="pnl-year-result" strong />
              </>
            }
          />
        </div>
      )}
    </Stack>
  );
}
