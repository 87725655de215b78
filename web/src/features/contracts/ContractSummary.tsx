import type { ReactNode } from 'react';
import { Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CONTRACT_STATUS_LABELS, CONTRACT_TYPE_LABELS, type TContractDetail } from '@flotte/contract/contracts';
import { formatDateTime } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { nextInstalment } from './contract-detail.ts';
import { CONTRACT_STATUS_COLORS, contractPeriod, contractVehicle, formatDue, frequencyWords, paidPercent } from './contract-display.ts';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** The header's and the figures' places while the contract loads, at their final size. */
export function ContractSummarySkeleton() {
  return (
    <Stack gap="md" data-testid="contract-summary-loading">
      {/* Measured at 360 and 1280 px on a pending driver contract: header, figures, actions, tabs. */}
      <Skeleton h={{ base: 262, sm: 157 }} radius="md" />
      <Skeleton h={{ base: 257, sm: 139 }} radius="md" />
      <Skeleton h={{ base: 88, sm: 36 }} radius="md" />
      <Skeleton h={420} radius="md" />
    </Stack>
  );
}

/**
 * The contract's header (reference, type, status, parties, vehicle) and its figures: total, paid,
 * what remains with a progress bar, what is overdue (in red) and the next instalment.
 */
export function ContractSummary({ contract: c }: { contract: TContractDetail }) {
  const next = nextInstalment(c.instalments);
  const percent = paidPercent(c);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="contract-header">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Stack gap={0}>
              <Title order={1} fz={{ base: 'h3', sm: 'h2' }} data-testid="contract-reference">
                {c.reference}
              </Title>
              <Text size="sm" c="dimmed" data-testid="contract-type">
                {CONTRACT_TYPE_LABELS[c.contract_type]}
                {c.vehicle_contract_type ? ` · ${c.vehicle_contract_type.name}` : ''}
              </Text>
            </Stack>
            <Badge color={CONTRACT_STATUS_COLORS[c.contract_status]} variant="light" size="lg" tt="none" data-testid="contract-status">
              {CONTRACT_STATUS_LABELS[c.contract_status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <Field label="Véhicule">{contractVehicle(c.vehicle)}</Field>
            {c.driver ? <Field label="Chauffeur">{c.driver.name}</Field> : null}
            {c.vehicle_owner ? <Field label="Propriétaire">{c.vehicle_owner.name}</Field> : null}
            <Field label="Période">{`${contractPeriod(c)} · ${frequencyWords(c.payment_frequency)}`}</Field>
            {c.signed_at ? <Field label="Signé">{`Le ${formatDateTime(c.signed_at)}${c.signed_by ? ` par ${c.signed_by}` : ''}`}</Field> : null}
            {c.cancelled_at ? <Field label="Annulé">{`Le ${formatDateTime(c.cancelled_at)} : ${c.cancel_reason ?? ''}`}</Field> : null}
          </SimpleGrid>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" data-testid="contract-figures">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" verticalSpacing="sm">
            <Figure label="Montant total" testId="contract-total">
              <Money amount={c.total_amount} />
            </Figure>
            <Figure label={c.contract_type === 'PARTNER' ? 'Payé au propriétaire' : 'Total payé'} testId="contract-paid">
              <Money amount={c.total_paid} c="teal" />
            </Figure>
            <Figure label="Reste à payer" testId="contract-remaining">
              <Money amount={c.remaining_amount} />
            </Figure>
            <Figure label="En retard" testId="contract-overdue">
              <Money amount={c.overdue_amount} c={c.overdue_amount > 0 ? 'red' : undefined} />
            </Figure>
            <Figure label="Prochaine échéance" testId="contract-next">
              {next ? (
                <>
                  <Text span inherit>
                    {formatDue(next.due_date, next.due_time)}
                  </Text>
                  <Text size="xs" c="dimmed" fw={400}>
                    <Money amount={next.remaining} />
                  </Text>
                </>
              ) : (
                '—'
              )}
            </Figure>
          </SimpleGrid>
          <Stack gap={4}>
            <Progress value={percent} color="teal" size="lg" radius="xl" aria-label={`Payé à ${percent} %`} data-testid="contract-progress" />
            <Text size="xs" c="dimmed">
              {`Payé à ${percent} % · ${c.instalments.filter((i) => i.status === 'paid').length} échéance(s) payée(s) sur ${c.instalments_count}`}
            </Text>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
