import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../ui/LoadError.tsx';
import { capitalized, dayTitle, planningByDay } from './driver-display.ts';
import { PlanningEntryCard } from './PlanningEntryCard.tsx';
import { useDriverMe, useDriverPlanning } from './queries.ts';

export const PLANNING_DAYS = 7;

/** Planning: his services from today over the coming 7 days, day by day. */
export default function DriverPlanningPage() {
  const me = useDriverMe();
  const planning = useDriverPlanning(PLANNING_DAYS);
  const currency = me.data?.park.currency ?? '';

  return (
    <Stack gap="md" data-testid="driver-planning">
      <div>
        <Title order={1} fz="h3">
          Planning
        </Title>
        <Text size="sm" c="dimmed">
          Vos services des 7 prochains jours.
        </Text>
      </div>
      {planning.isPending ? (
        <Skeleton h={120} />
      ) : planning.isError ? (
        <LoadError title="Impossible de charger votre planning" error={planning.error} onRetry={() => void planning.refetch()} />
      ) : planning.data.entries.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" data-testid="driver-planning-empty">
            Aucun service prévu pour les 7 prochains jours.
          </Text>
        </Paper>
      ) : (
        planningByDay(planning.data.entries).map(({ day, entries }) => (
          <Stack key={day} gap="xs" component="section" aria-label={dayTitle(day, planning.data.start_date)}>
            <Title order={2} fz="h5">
              {capitalized(dayTitle(day, planning.data.start_date))}
            </Title>
            {entries.map((entry, i) => (
              <PlanningEntryCard key={entry.id ?? i} entry={entry} currency={currency} />
            ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}
