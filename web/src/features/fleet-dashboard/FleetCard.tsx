import type { ReactNode } from 'react';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { TTrend } from '@flotte/contract/accounting';
import type { TComparedWith } from '@flotte/contract/fleet-dashboard';
import { cardTrend, type TrendMeaning } from './card-trend.ts';

/**
 * Every card has this height, loaded or not: the skeleton takes the place of the card it stands
 * for, and a long line is cut (title two lines, detail two) rather than pushing the grid. On a
 * phone the cards take the whole width, their title holds on one line: they are lower.
 */
export const FLEET_CARD_HEIGHT = { base: 148, xs: 172 } as const;
/**
 * How many cards FleetDashboard draws: the money ones (collected today, uncollected, balance) only
 * with READ_FINANCE, the contracts' instalments due this month only with VIEW_CONTRACTS. The
 * skeleton shows as many, so nothing moves when they arrive.
 */
export const fleetCardCount = (finance: boolean, contracts = false) => (finance ? 10 : 7) + (contracts ? 1 : 0);
/** The grid of the cards: one column on a phone, two on a small tablet, four on a desktop. */
export const FLEET_GRID_COLS = { base: 1, xs: 2, md: 4 } as const;

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
    <Card withBorder radius="md" padding="md" h={FLEET_CARD_HEIGHT} data-testid={testId}>
      <Stack gap={4} h="100%">
        <Text size="sm" c="dimmed" fw={500} lineClamp={2}>
          {title}
        </Text>
        <Group gap="xs" align="baseline" wrap="nowrap" justify="space-between">
          <Text fz="xl" fw={700} data-testid={`${testId}-value`} style={{ fontVariantNumeric: 'tabular-nums' }} truncate>
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
          <Text size="xs" c="dimmed" component="div" lineClamp={2} data-testid={`${testId}-detail`}>
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

/**
 * The revenue card's height: the chart's fixed 240 px, its header (on two lines on a phone, where
 * the mode and year wrap under the title) and the legend. The card is at least this high, and its
 * place while the dashboard's chunk loads is exactly this.
 */
export const REVENUE_CARD_HEIGHT = { base: 404, xs: 360 } as const;

/** The cards' places while they load: as many as will come, each of a card's height. */
export function FleetCardsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={FLEET_GRID_COLS} spacing="md" data-testid="fleet-cards-loading">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={FLEET_CARD_HEIGHT} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** The whole dashboard's place while its chunk loads: the cards, and the revenue card with READ_FINANCE. */
export function FleetDashboardSkeleton({ finance, contracts = false }: { finance: boolean; contracts?: boolean }) {
  return (
    <Stack gap="md">
      <FleetCardsSkeleton count={fleetCardCount(finance, contracts)} />
      {finance ? <Skeleton h={REVENUE_CARD_HEIGHT} radius="md" /> : null}
    </Stack>
  );
}
