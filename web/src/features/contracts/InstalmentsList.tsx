import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { INSTALMENT_STATE_LABELS, type TContractInstalment } from '@flotte/contract/contracts';
import { DataTablePagination } from '../../ui/data-table/DataTablePagination.tsx';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { Money } from '../../ui/Money.tsx';
import { formatDue } from './contract-display.ts';
import { firstOpenPage, INSTALMENT_STATE_COLORS, pageOf, partnerPayable } from './contract-detail.ts';

const PAGE_SIZES = [10, 20, 50, 100] as const;

export interface InstalmentsListProps {
  instalments: readonly TContractInstalment[];
  /** A partner contract the profile may pay: 'Payer' on each instalment that falls due. */
  onPay?: (instalment: TContractInstalment) => void;
}

function StateBadge({ i }: { i: TContractInstalment }) {
  return (
    <Badge color={INSTALMENT_STATE_COLORS[i.state]} variant="light" tt="none" data-testid="instalment-state">
      {INSTALMENT_STATE_LABELS[i.state]}
    </Badge>
  );
}

function PayButton({ i, onPay }: { i: TContractInstalment; onPay?: (i: TContractInstalment) => void }) {
  if (!onPay || !partnerPayable(i)) return null;
  return (
    <Button size="compact-sm" onClick={() => onPay(i)} data-testid="instalment-pay">
      Payer
    </Button>
  );
}

/**
 * The schedule (Échéancier): number, due date, amount, paid, state. A daily contract holds more
 * than a thousand instalments, so it is shown a page at a time, opening on the page of the first
 * one still owed. Cards on a phone, a table on a computer.
 */
export function InstalmentsList({ instalments, onPay }: InstalmentsListProps) {
  const phone = useIsPhone();
  // Fewer rows on a phone, where each is a card.
  const [size, setSize] = useState<number>(phone ? 10 : 20);
  const [page, setPage] = useState(() => firstOpenPage(instalments, phone ? 10 : 20) + 1);
  // A payment moves the first instalment owed: follow it only when the schedule itself changes length.
  useEffect(() => setPage(firstOpenPage(instalments, size) + 1), [instalments.length]);
  const rows = pageOf(instalments, page - 1, size);

  const body = phone ? (
    <Stack gap="xs" data-testid="instalments-cards">
      {rows.map((i) => (
        <Paper key={i.id} withBorder radius="md" p="sm" data-testid="instalment-row" data-seq={i.seq}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} size="sm">
              N° {i.seq} · {formatDue(i.due_date, i.due_time)}
            </Text>
            <StateBadge i={i} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={6}>
            <Text size="sm">
              <Money amount={i.amount} fw={600} />
              {i.paid_amount > 0 && i.paid_amount < i.amount ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · payé <Money amount={i.paid_amount} />
                </Text>
              ) : null}
            </Text>
            <PayButton i={i} onPay={onPay} />
          </Group>
        </Paper>
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="instalments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>N°</Table.Th>
            <Table.Th>Échéance</Table.Th>
            <Table.Th ta="right">Montant</Table.Th>
            <Table.Th ta="right">Payé</Table.Th>
            <Table.Th>État</Table.Th>
            {onPay ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.id} data-testid="instalment-row" data-seq={i.seq}>
              <Table.Td>{i.seq}</Table.Td>
              <Table.Td>{formatDue(i.due_date, i.due_time)}</Table.Td>
              <Table.Td ta="right">
                <Money amount={i.amount} />
              </Table.Td>
              <Table.Td ta="right" data-col="paid">
                <Money amount={i.paid_amount} />
              </Table.Td>
              <Table.Td>
                <StateBadge i={i} />
              </Table.Td>
              {onPay ? (
                <Table.Td ta="right">
                  <PayButton i={i} onPay={onPay} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <Stack gap="sm" data-testid="contract-instalments">
      {instalments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aucune échéance.
        </Text>
      ) : (
        body
      )}
      {instalments.length > PAGE_SIZES[0] ? (
        <DataTablePagination
          page={page}
          itemPerPage={size}
          shown={{ page, itemPerPage: size }}
          total={instalments.length}
          pageSizes={PAGE_SIZES}
          onPage={setPage}
          onPageSize={(next) => {
            setSize(next);
            setPage(firstOpenPage(instalments, next) + 1);
          }}
          testId="instalments"
        />
      ) : null}
    </Stack>
  );
}
