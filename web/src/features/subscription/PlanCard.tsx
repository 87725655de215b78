import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import type { TPlan } from '@flotte/contract/subscriptions';
import { monthlyEquivalentText, planPriceText, planVehiclesText } from './plan-display.ts';

/** One plan to choose (a radio card): its name, price per vehicle and period, offer and limit. */
export function PlanCard({ plan, current }: { plan: TPlan; current: boolean }) {
  const monthly = monthlyEquivalentText(plan);
  return (
    <Radio.Card value={plan.id} radius="md" p="sm" data-testid="plan-card" data-plan-type={plan.type}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="wrap">
            <Text fw={700}>{plan.label}</Text>
            {current ? (
              <Badge size="sm" variant="light" tt="none">
                Forfait actuel
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" fw={600}>
            {planPriceText(plan)}
          </Text>
          {monthly ? (
            <Text size="xs" c="dimmed">
              {monthly}
            </Text>
          ) : null}
          <Group gap={6} mt={4}>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {planVehiclesText(plan)}
            </Badge>
            {plan.offer ? (
              <Badge size="sm" variant="light" color="teal" tt="none">
                {plan.offer}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
