import { Badge } from '@mantine/core';
import { DRIVER_STATUS_LABELS } from '@flotte/contract/fleet-labels';
import type { DriverStatus } from './drivers-api.ts';

export { DRIVER_STATUS_LABELS };

const COLORS: Record<DriverStatus, string> = { active: 'teal', suspended: 'orange', deactivated: 'red' };

export function DriverStatusBadge({ status }: { status: DriverStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" size="sm" data-testid="driver-status" data-status={status}>
      {DRIVER_STATUS_LABELS[status]}
    </Badge>
  );
}
