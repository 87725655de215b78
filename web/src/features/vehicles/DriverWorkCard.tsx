import { ActionIcon, Avatar, Card, Chip, Group, Input, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { DayInput } from './DayTimeInputs.tsx';
import { CONFIG_MESSAGES, isAutoAlternation, selectableWorkDays, WEEK_DAYS } from '@flotte/contract/vehicles';
import { IssueText } from './PlanningCards.tsx';
import { changeProfile, dayShortName, profileIssue, profileSummary, slotHours, slotLabel, type PlanningDriver, type PlanningIssues, type PlanningValues } from './planning-form.ts';

export interface DriverWorkCardProps {
  index: number;
  values: PlanningValues;
  driver: PlanningDriver | undefined;
  onChange: (values: PlanningValues) => void;
  onRemove: () => void;
  issues: PlanningIssues;
  attempted: boolean;
}

/**
 * One driver's work planning (spec 000 'Driver work-planning card'): work days, or the hour slot in
 * hourly planning, the start date and a summary. Days that are the salary day or the other
 * driver's (daily planning with 2 drivers) can't be picked; automatic alternation computes them.
 */
export function DriverWorkCard({ index, values, driver, onChange, onRemove, issues, attempted }: DriverWorkCardProps) {
  const profile = values.profiles[index]!;
  const hourly = values.work_planning === 'hourly';
  const auto = isAutoAlternation(values);
  const selectable = new Set(selectableWorkDays(values, index));
  const errors = profileIssue(issues, index, attempted);
  const name = driver ? `${driver.first_name} ${driver.last_name}`.trim() : 'Chauffeur';
  const dayError =
    errors.work_day === CONFIG_MESSAGES.workDaysRequired ? CONFIG_MESSAGES.driverCardWorkDayRequired : errors.work_day;

  return (
    <Card withBorder radius="md" padding="sm" data-testid="planning-driver-card" data-driver-id={profile.driver_id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={driver?.image} radius="xl" size={36} name={name} color="initials" alt="" />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate data-testid="planning-driver-name">
                {name}
              </Text>
              {driver?.phone ? (
                <Text size="xs" c="dimmed">
                  {driver.phone}
                </Text>
              ) : null}
            </div>
          </Group>
          <Tooltip label="Retirer ce chauffeur">
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Retirer ${name}`} data-testid="planning-driver-remove">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </ActionIcon>
          </Tooltip>
        </Group>
        <IssueText message={errors.driver_id} />

        {hourly ? (
          <Input.Wrapper label="Créneau horaire" error={errors.hour_interval_id}>
            <SegmentedControl
              fullWidth
              mt={4}
              value={profile.hour_interval_id ? String(profile.hour_interval_id) : ''}
              onChange={(v) => onChange(changeProfile(values, index, { hour_interval_id: v === '2' ? 2 : 1 }))}
              data={([1, 2] as const).map((id) => ({ value: String(id), label: `${slotLabel(id)} (${slotHours(values, id)})` }))}
              data-testid="planning-driver-slot"
            />
          </Input.Wrapper>
        ) : null}
        {auto ? (
          <Text size="sm" c="dimmed">
            Jours de travail calculés par l'alternance automatique.
          </Text>
        ) : (
          <Input.Wrapper label="Jours de travail" error={dayError}>
            <Chip.Group multiple value={profile.work_day.map(String)} onChange={(days) => onChange(changeProfile(values, index, { work_day: days.map(Number).sort((a, b) => a - b) }))}>
              <Group gap={6} mt={4} data-testid="planning-driver-days">
                {WEEK_DAYS.map((d) => {
                  const chosen = profile.work_day.includes(d.id);
                  return (
                    <Chip key={d.id} value={String(d.id)} size="sm" disabled={!chosen && !selectable.has(d.id)} aria-label={d.name} data-testid={`planning-day-${d.id}`}>
                      {dayShortName(d.id)}
                    </Chip>
                  );
                })}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}

        <DayInput
          label="Date de début"
          value={profile.start_work_at}
          onChange={(v) => onChange(changeProfile(values, index, { start_work_at: v }))}
          maw={220}
          testId="planning-driver-start"
        />
        <Text size="sm" c="dimmed" data-testid="planning-driver-summary">
          {profileSummary(values, index)}
        </Text>
      </Stack>
    </Card>
  );
}
