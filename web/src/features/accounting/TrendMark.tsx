import { Group, Text, Tooltip } from '@mantine/core';
import type { TComparedAmount } from '@flotte/contract/accounting';
import { formatPercent, trendView, type FigureKind } from './trend.ts';

/** The arrow and the change beside a figure; nothing at all when it is unchanged (spec 001 section 3). */
export function TrendMark({ figure, kind, testId }: { figure: TComparedAmount; kind: FigureKind; testId?: string }) {
  const view = trendView(figure.trend, kind);
  if (!view) return null;
  const percent = formatPercent(figure.percentage);
  return (
    <Tooltip label={view.label} withArrow>
      <Group gap={2} wrap="nowrap" c={view.color} data-testid={testId} data-trend={figure.trend} aria-label={`${view.label}${percent ? ` : ${percent}` : ''}`}>
        <Text span fw={700} inherit>
          {view.arrow}
        </Text>
        {percent ? (
          <Text span size="xs" fw={600} inherit>
            {percent}
          </Text>
        ) : null}
      </Group>
    </Tooltip>
  );
}
