import { useCallback, useMemo } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import type { TGpsActionLogEntry } from '@flotte/contract/penalty-triggers';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import type { DataTableColumn, DataTableFetch } from '../../ui/data-table/types.ts';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { triggerKeys, triggersApi } from './trigger-api.ts';
import { logCauseLabel, logKindLabel, outcomeColor, outcomeLabel, vehicleText } from './trigger-summary.ts';

const amount = (value: number | null, currency: string) => (value === null ? '—' : <Money amount={value} currency={currency} />);

/**
 * 'Journal': every action a trigger took or a person took by hand (notification, buzzer, lock,
 * unlock, a lock deferred because the vehicle moved), newest first, with its cause, the amounts
 * and the provider's answer.
 */
export function ActionLogTab() {
  const fetchPage: DataTableFetch<TGpsActionLogEntry> = useCallback(
    (query, signal) => triggersApi.actions({ page: query.page, itemPerPage: query.itemPerPage }, signal),
    [],
  );

  const columns = useMemo<DataTableColumn<TGpsActionLogEntry>[]>(
    () => [
      { key: 'at', header: 'Date', card: 'date', render: (l) => formatDateTime(l.at) },
      {
        key: 'kind',
        header: 'Action',
        card: 'title',
        render: (l) => (
          <Text size="sm" fw={600} data-testid="log-kind">
            {logKindLabel(l.kind)}
          </Text>
        ),
        cardRender: (l) => logKindLabel(l.kind),
      },
      {
        key: 'outcome',
        header: 'Résultat',
        card: 'status',
        width: 150,
        render: (l) => (
          <Badge variant="light" color={outcomeColor(l.outcome)} style={{ flexShrink: 0, overflow: 'visible' }} data-testid="log-outcome">
            {outcomeLabel(l.outcome)}
          </Badge>
        ),
      },
      { key: 'driver', header: 'Chauffeur', card: 'subtitle', render: (l) => l.driver?.name ?? '—' },
      { key: 'vehicle', header: 'Véhicule', card: 'meta', render: (l) => vehicleText(l.vehicle) },
      {
        key: 'cause',
        header: 'Origine',
        card: 'meta',
        render: (l) => (l.trigger_title ? `${logCauseLabel(l)} · ${l.trigger_title}` : logCauseLabel(l)),
      },
      {
        key: 'debt',
        header: 'Dette / objectif',
        align: 'right',
        card: 'amount',
        render: (l) => (
          <Stack gap={0} align="flex-end">
            <Text size="sm" span>
              {amount(l.debt, l.currency)}
            </Text>
            {l.objective !== null ? (
              <Text size="xs" c="dimmed" span>
                objectif {amount(l.objective, l.currency)}
              </Text>
            ) : null}
          </Stack>
        ),
        cardRender: (l) => amount(l.debt, l.currency),
      },
      {
        key: 'answer',
        header: 'Réponse',
        card: 'meta',
        render: (l) => (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            {l.answer ?? '—'}
          </Text>
        ),
        cardRender: (l) => l.answer ?? '',
      },
    ],
    [],
  );

  return (
    <DataTable<TGpsActionLogEntry>
      columns={columns}
      fetchPage={fetchPage}
      queryKey={triggerKeys.actions()}
      searchable={false}
      defaultPageSize={20}
      emptyText="Aucune action enregistrée pour l'instant"
      isRowClickable={() => false}
      minWidth={960}
      testId="action-log-table"
    />
  );
}
