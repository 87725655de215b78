import { Box, Group, Text } from '@mantine/core';
import { VEHICLE_STATUS_COLORS, VEHICLE_STATUS_LABELS, type TVehicleDisplayStatus } from '@flotte/contract';

/** The status dot of spec 000 (colour by status) with its label beside it, so colour is never the only cue. */
export function VehicleStatusDot({ status, withLabel = true }: { status: TVehicleDisplayStatus; withLabel?: boolean }) {
  const color = VEHICLE_STATUS_COLORS[status] ?? 'gray';
  return (
    <Group gap={6} wrap="nowrap" data-testid="vehicle-status" data-status={status}>
      <Box component="span" w={10} h={10} bg={`${color}.${color === 'yellow' ? 5 : 6}`} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden />
      {withLabel ? (
        <Text size="sm" span>
          {VEHICLE_STATUS_LABELS[status] ?? status}
        </Text>
      ) : null}
    </Group>
  );
}
