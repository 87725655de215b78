import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { SUBSCRIPTION_ACTION_LABELS, subscriptionCard, type SubscriptionAction } from './subscription-view.ts';

export interface SubscriptionCardProps {
  info: TSubscriptionInfo;
  actions: readonly SubscriptionAction[];
  onAction: (action: SubscriptionAction) => void;
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The subscription that counts today: plan, state, vehicles used of allowed, its end, and what the person may do. */
export function SubscriptionCard({ info, actions, onAction }: SubscriptionCardProps) {
  const view = subscriptionCard(info);
  return (
    <Paper withBorder radius="md" p="md" data-testid="subscription-card" data-state={info.state}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Forfait
            </Text>
            <Title order={2} fz="h3" data-testid="subscription-title">
              {view.title}
            </Title>
          </div>
          <Badge color={view.stateColor} variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="subscription-state">
            {view.state}
          </Badge>
        </Group>

        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Véhicules utilisés</Text>
            <Text size="sm" fw={600} data-testid="subscription-usage">
              {view.usage}
            </Text>
          </Group>
          <Progress value={view.percent} color={view.full ? 'red' : 'blue'} size="md" aria-label={`Véhicules utilisés\u00a0: ${view.usage}`} />
        </Stack>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Fin" value={view.endDate ?? '—'} testId="subscription-end" />
          <Fact label="Jours restants" value={view.daysLeft} testId="subscription-days-left" />
          <Fact label="Type de compte" value={view.applicationType} testId="subscription-account-type" />
          <Fact label="Prix par véhicule" value={view.price} testId="subscription-price" />
        </SimpleGrid>

        {view.next ? (
          <Text size="sm" data-testid="subscription-next">
            Ensuite{'\u00a0'}: {view.next}
          </Text>
        ) : null}

        {actions.length ? (
          <Group gap="sm" data-testid="subscription-actions">
            {actions.map((a, i) => (
              <Button key={a} variant={i === 0 ? 'filled' : 'default'} onClick={() => onAction(a)} data-testid={`subscription-action-${a}`} style={{ flex: '1 1 auto' }}>
                {SUBSCRIPTION_ACTION_LABELS[a]}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
