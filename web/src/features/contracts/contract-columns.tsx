import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { TContract } from '@flotte/contract/contracts';
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
  FREQUENCY_LABELS,
  frequencyWords,
  nextDueText,
  paidOfTotal,
  paidPercent,
  STATUS_LABELS,
  TYPE_LABELS,
} from './contract-display.ts';

/** The contract's status badge, as the list and the detail show it. */
export function ContractStatusBadge({ status }: { status: TContract['contract_status'] }) {
  return (
    <Badge color={CONTRACT_STATUS_COLORS[status]} variant="light" tt="none" style={{ overflow: 'visible', minWidth: 'max-content' }} data-testid="contract-status">
      {STATUS_LABELS[status]}
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
      header: 'Contrat',
      card: 'title',
      // The type under the reference: one column less, so the list fits a laptop without scrolling.
      render: (c) => (
        <Stack gap={0}>
          <Text span size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="contract-reference">
            {c.reference}
          </Text>
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="contract-type">
            {CONTRACT_TYPE_SHORT_LABELS[c.contract_type]}
          </Text>
        </Stack>
      ),
      cardRender: (c) => c.reference,
    },
    {
      key: 'contract_type',
      header: 'Type',
      exportOnly: true,
      exportValue: (c) => TYPE_LABELS[c.contract_type],
    },
    {
      key: 'vehicle',
      header: 'Véhicule',
      card: 'meta',
      cardRender: (c) => `${CONTRACT_TYPE_SHORT_LABELS[c.contract_type]} · ${contractVehicle(c.vehicle)}`,
      exportValue: (c) => contractVehicle(c.vehicle),
      render: (c) => (
        <Stack gap={0}>
          <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
            {c.vehicle.registration_number}
          </Text>
          {c.vehicle.label ? (
            <Text span size="xs" c="dimmed" lineClamp={1}>
              {c.vehicle.label}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'party',
      header: 'Titulaire',
      card: 'meta',
      exportValue: contractParty,
      render: (c) => <Text span size="sm">{contractParty(c) || '—'}</Text>,
      cardRender: (c) => contractPartyLine(c) || null,
    },
    {
      key: 'frequency_amount',
      header: 'Montant',
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
    { key: 'payment_frequency', header: 'Fréquence', exportOnly: true, exportValue: (c) => FREQUENCY_LABELS[c.payment_frequency] },
    {
      key: 'total_paid',
      header: 'Payé / total',
      card: 'meta',
      exportValue: (c) => paidOfTotal(c, currency),
      render: (c) => {
        const percent = paidPercent(c);
        return (
          <Stack gap={4} miw={130}>
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
      exportValue: (c) => STATUS_LABELS[c.contract_status],
      render: (c) => <ContractStatusBadge status={c.contract_status} />,
    },
    { key: 'start_date', header: 'Début', exportOnly: true, exportValue: (c) => formatDay(c.start_date) },
    { key: 'end_date', header: 'Fin', exportOnly: true, exportValue: (c) => formatDay(c.end_date) },
  ];
}
