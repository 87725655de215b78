import { Badge, Progress, Stack, Text } from '@mantine/core';
import { CONTRACT_FREQUENCY_LABELS, CONTRACT_STATUS_LABELS, CONTRACT_TYPE_LABELS, type TContract } from '@flotte/contract/contracts';
import type { DataTableColumn } from '../../ui/data-table/types.ts';
import { formatMoney } from '../../ui/format.ts';
import {
  amountPerPeriod,
  CONTRACT_STATUS_COLORS,
  CONTRACT_TYPE_SHORT_LABELS,
  contractParty,
  contractPartyLine,
  contractVehicle,
  formatDay,
  frequencyWords,
  nextDueText,
  paidOfTotal,
  paidPercent,
} from './contract-display.ts';

/** The contract's status badge, as the list and the detail show it. */
export function ContractStatusBadge({ status }: { status: TContract['contract_status'] }) {
  return (
    <Badge color={CONTRACT_STATUS_COLORS[status]} variant="light" tt="none" style={{ overflow: 'visible', minWidth: 'max-content' }} data-testid="contract-status">
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * The columns of the contracts list (the park's currency given, for the texts that are not a Money);
 * on a phone each contract is a card: its reference, the amount per period, the vehicle and party,
 * what is paid, the status and the next due date.
 */
export function contractColumns(currency: string | null | undefined): DataTableColumn<TContract>[] {
  return [
    {
      key: 'reference',
      header: 'Référence',
      card: 'title',
      render: (c) => (
        <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="contract-reference">
          {c.reference}
        </Text>
      ),
      cardRender: (c) => c.reference,
    },
    {
      key: 'contract_type',
      header: 'Type',
      card: 'meta',
      exportValue: (c) => CONTRACT_TYPE_LABELS[c.contract_type],
      render: (c) => <Text span size="sm">{CONTRACT_TYPE_SHORT_LABELS[c.contract_type]}</Text>,
      cardRender: (c) => `${CONTRACT_TYPE_SHORT_LABELS[c.contract_type]} · ${contractVehicle(c.vehicle)}`,
    },
    {
      key: 'vehicle',
      header: 'Véhicule',
      exportValue: (c) => contractVehicle(c.vehicle),
      render: (c) => <Text span size="sm">{contractVehicle(c.vehicle)}</Text>,
    },
    {
      key: 'party',
      header: 'Chauffeur ou propriétaire',
      card: 'meta',
      exportValue: contractParty,
      render: (c) => <Text span size="sm">{contractParty(c) || '—'}</Text>,
      cardRender: (c) => contractPartyLine(c) || null,
    },
    {
      key: 'frequency_amount',
      header: 'Montant par période',
      card: 'amount',
      align: 'right',
      exportValue: (c) => `${formatMoney(c.frequency_amount, currency)} ${frequencyWords(c.payment_frequency)}`,
      render: (c) => (
        <Stack gap={0} align="flex-end">
          <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(c.frequency_amount, currency)}
          </Text>
          <Text span size="xs" c="dimmed">
            {frequencyWords(c.payment_frequency)}
          </Text>
        </Stack>
      ),
      cardRender: (c) => amountPerPeriod(c.frequency_amount, c.payment_frequency, currency),
    },
    { key: 'payment_frequency', header: 'Fréquence', exportOnly: true, exportValue: (c) => CONTRACT_FREQUENCY_LABELS[c.payment_frequency] },
    {
      key: 'total_paid',
      header: 'Payé / total',
      card: 'meta',
      width: 200,
      exportValue: (c) => paidOfTotal(c, currency),
      render: (c) => {
        const percent = paidPercent(c);
        return (
          <Stack gap={4} miw={160}>
            <Text span size="xs" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {paidOfTotal(c, currency)}
            </Text>
            <Progress value={percent} size="sm" aria-label={`Payé à ${percent} %`} />
          </Stack>
        );
      },
      cardRender: (c) => `Payé\u00a0: ${paidOfTotal(c, currency)} (${paidPercent(c)}\u00a0%)`,
    },
    {
      key: 'next_due_date',
      header: 'Prochaine échéance',
      card: 'date',
      exportValue: nextDueText,
      render: (c) => <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>{nextDueText(c) || '—'}</Text>,
      cardRender: (c) => (nextDueText(c) ? `Prochaine échéance ${nextDueText(c)}` : null),
    },
    {
      key: 'contract_status',
      header: 'Statut',
      card: 'status',
      exportValue: (c) => CONTRACT_STATUS_LABELS[c.contract_status],
      render: (c) => <ContractStatusBadge status={c.contract_status} />,
    },
    { key: 'start_date', header: 'Début', exportOnly: true, exportValue: (c) => formatDay(c.start_date) },
    { key: 'end_date', header: 'Fin', exportOnly: true, exportValue: (c) => formatDay(c.end_date) },
  ];
}
