import { Badge } from '@mantine/core';
import type { TServiceUrgency } from '@flotte/contract/reminders';
import { URGENCY_COLORS, urgencyLabel } from './reminder-view.ts';

/** 'Bientôt', 'À faire', 'En retard' (or 'À jour'), in words as well as colour. */
export function UrgencyBadge({ urgency, testId = 'service-urgency' }: { urgency: TServiceUrgency; testId?: string }) {
  return (
    <Badge variant="light" color={URGENCY_COLORS[urgency]} data-testid={testId} data-urgency={urgency} style={{ flex: 'none' }}>
      {urgencyLabel(urgency)}
    </Badge>
  );
}
