import type { ReactNode } from 'react';
import { Anchor, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { TTrend } from '@flotte/contract/accounting';
import type { TComparedWith } from '@flotte/contract/fleet-dashboard';
import { cardTrend, type TrendMeaning } from './card-trend.ts';

export interface FleetCardProps {
  title: string;
  value: ReactNode;
  /** A line under the figure (what it is made of). */
  detail?: ReactNode;
  trend?: { trend: TTrend; compared_with: TComparedWith | null; meaning: TrendMeaning };
  /** The screen the card leads to, with its label. */
  link?: { to: string; label: string };
  testId: string;
}

/** One card of the fleet dashboard: a figure, its trend (nothing when unchanged) and where to act on it. */
export function FleetCard({ title, value, detail, trend, link, testId }: FleetCardProps) {
  const view = trend ? cardTrend(trend.trend, trend.compared_with, trend.meaning) : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap={4} h="100%">
        <Text size="sm" c="dimmed" fw={500}>
          {title}
        </Text>
        <Group gap="xs" align="baseline" wrap="nowrap" justify="space-between">
          <Text fz="xl" fw={700} data-testid={`${testId}-value`} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
          {view ? (
            <Tooltip label={view.label} withArrow>
              <Text span fw={700} c={view.color} data-testid={`${testId}-trend`} data-trend={trend!.trend} aria-label={view.label}>
                {view.arrow}
              </Text>
            </Tooltip>
          ) : null}
        </Group>
        {detail ? (
          <Text size="xs" c="dimmed" component="div">
            {detail}
          </Text>
        ) : null}
        {link ? (
          <Anchor component={Link} to={link.to} size="xs" mt="auto" data-testid={`${testId}-link`}>
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
