import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { PLANNING_ROLE_LABELS, PLANNING_SLOT_LABELS } from '@flotte/contract/planning';
import type { TPlanningEntry } from '@flotte/contract';
import { Money } from '../../ui/Money.tsx';
import { hoursText, vehicleText } from './driver-display.ts';

/** One of his services: the vehicle, the hours, the slot, and on a salary day the salary. */
export function PlanningEntryCard({ entry, currency }: { entry: TPlanningEntry; currency: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="driver-planning-entry">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {vehicleText(entry.vehicle)}
          </Text>
          {entry.role === 'interim' ? (
            <Badge variant="light" color="grape" tt="none" style={{ flexShrink: 0 }}>
              {PLANNING_ROLE_LABELS.interim}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {PLANNING_SLOT_LABELS[entry.slot]}, {hoursText(entry)}
        </Text>
        {entry.is_salary_day ? (
          <Text size="sm" c="teal.9">
            Jour de salaire : vous gardez la recette
            {entry.salary_profile?.salary_amount ? (
              <>
                {' '}
                (<Money amount={entry.salary_profile.salary_amount} currency={currency} />)
              </>
            ) : null}
            .
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
