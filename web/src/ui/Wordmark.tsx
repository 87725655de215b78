import { Group, Text } from '@mantine/core';
import { BRAND_COLOR } from '../app/theme.ts';

/** The 'Flotte' wordmark: a small brand tile with an F, then the name. */
export function Wordmark({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" data-testid="wordmark" aria-label="Flotte" role="img">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="7" fill={BRAND_COLOR} />
        <path d="M10 8h13v4h-8.5v3.5H22v4h-7.5V25H10z" fill="#fff" />
      </svg>
      <Text component="span" fw={800} fz={size * 0.72} c={BRAND_COLOR} lh={1} aria-hidden>
        Flotte
      </Text>
    </Group>
  );
}
