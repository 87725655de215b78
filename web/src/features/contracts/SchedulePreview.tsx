import type { ReactNode } from 'react';
import { Alert, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Money } from '../../ui/Money.tsx';
import { formatDue } from './contract-display.ts';
import type { SchedulePreviewData } from './contract-form.ts';

export interface SchedulePreviewProps {
  preview: SchedulePreviewData | null;
  /** A schedule check the person can act on (the total not reached by the end ...). */
  problem: string | null;
  /** An ACTIVE contract: the preview lists the instalments that replace the unpaid ones. */
  rescheduling?: boolean;
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The schedule the terms give, before saving (issue 19 section 3): how many instalments, the first
 * and last due dates, the total, the last one's remainder and the first lines. The server builds the
 * same with the same function (contract-schedule.ts).
 */
export function SchedulePreview({ preview, problem, rescheduling }: SchedulePreviewProps) {
  if (problem) {
    return (
      <Alert color="orange" variant="light" p="xs" data-testid="contract-schedule-problem">
        {problem}
      </Alert>
    );
  }
  if (!preview) {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="contract-preview-empty">
        <Text size="sm" c="dimmed">
          L'aperçu de l'échéancier s'affiche une fois les montants, la fréquence et les dates renseignés.
        </Text>
      </Paper>
    );
  }
  const extra = preview.count - preview.lines.length;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="contract-preview">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {rescheduling ? 'Échéances restantes après la modification' : "Aperçu de l'échéancier"}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
          <Figure label="Échéances" testId="contract-preview-count">
            {preview.count}
          </Figure>
          <Figure label="Première" testId="contract-preview-first">
            {formatDue(preview.first.dueDate, preview.first.dueTime)}
          </Figure>
          <Figure label="Dernière" testId="contract-preview-last">
            {formatDue(preview.last.dueDate, preview.last.dueTime)}
          </Figure>
          <Figure label="Total" testId="contract-preview-total">
            <Money amount={preview.total} inherit />
          </Figure>
        </SimpleGrid>
        {preview.remainder !== null ? (
          <Text size="xs" c="dimmed" data-testid="contract-preview-remainder">
            La dernière échéance prend le reste : <Money amount={preview.remainder} inherit fw={600} />
          </Text>
        ) : null}
        <Table withTableBorder={false} verticalSpacing={4} fz="sm" data-testid="contract-preview-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>N°</Table.Th>
              <Table.Th>Échéance</Table.Th>
              <Table.Th ta="right">Montant</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.lines.map((l) => (
              <Table.Tr key={l.seq}>
                <Table.Td>{l.seq}</Table.Td>
                <Table.Td>{formatDue(l.dueDate, l.dueTime)}</Table.Td>
                <Table.Td ta="right">
                  <Money amount={l.amount} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {extra > 0 ? (
          <Text size="xs" c="dimmed">
            … et {extra} autre{extra > 1 ? 's' : ''} échéance{extra > 1 ? 's' : ''}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
