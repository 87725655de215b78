import type { ReactNode } from 'react';
import { Card, Group, Input, List, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { DayInput, HourInput } from './DayTimeInputs.tsx';
import { ALTERNATION_MAX, ALTERNATION_MIN, hourlyAllowed, isAutoAlternation, WEEK_DAYS } from '@flotte/contract/vehicles';
import {
  changeAlternation,
  changeNumberDrivers,
  changeSalaryDay,
  changeSalaryDayConfig,
  changeWorkPlanning,
  planningSummary,
  visibleIssue,
  WORK_PLANNING_LABELS,
  WORK_PROGRAM_LABEL,
  type PlanningDriver,
  type PlanningIssues,
  type PlanningValues,
} from './planning-form.ts';

export interface CardProps {
  values: PlanningValues;
  onChange: (values: PlanningValues) => void;
  issues: PlanningIssues;
  attempted: boolean;
}

export function PlanningCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Work programme, number of drivers and planning type; hourly only with 2 drivers. */
export function BasicConfigCard({ values, onChange, onWarning }: CardProps & { onWarning: (message: string) => void }) {
  return (
    <PlanningCard title="Configuration de base" testId="planning-basic">
      <Stack gap="sm">
        <Input.Wrapper label="Nombre de chauffeurs autorisés">
          <SegmentedControl
            fullWidth
            mt={4}
            value={String(values.number_drivers)}
            onChange={(v) => {
              const { values: next, warning } = changeNumberDrivers(values, v === '2' ? 2 : 1);
              onChange(next);
              if (warning) onWarning(warning);
            }}
            data={[
              { value: '1', label: '1 chauffeur' },
              { value: '2', label: '2 chauffeurs' },
            ]}
            data-testid="planning-number-drivers"
          />
        </Input.Wrapper>
        <Input.Wrapper label="Type de planning" description={hourlyAllowed(values.number_drivers) ? undefined : 'Le planning horaire est proposé avec 2 chauffeurs.'}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={values.work_planning}
            onChange={(v) => onChange(changeWorkPlanning(values, v as PlanningValues['work_planning']))}
            data={(['hourly', 'daily', 'weekly'] as const).map((p) => ({
              value: p,
              label: WORK_PLANNING_LABELS[p],
              disabled: p === 'hourly' && !hourlyAllowed(values.number_drivers),
            }))}
            data-testid="planning-work-planning"
          />
        </Input.Wrapper>
        <Text size="sm" c="dimmed">
          Programme de travail : {WORK_PROGRAM_LABEL}
        </Text>
      </Stack>
    </PlanningCard>
  );
}

/** Service start and end (08:30 to 18:30 by default), and the handover hour in hourly planning. */
export function ServiceHoursCard({ values, onChange, issues, attempted }: CardProps) {
  const hourly = values.work_planning === 'hourly';
  return (
    <PlanningCard title="Heures de service" testId="planning-hours">
      <SimpleGrid cols={{ base: 1, xs: hourly ? 3 : 2 }} spacing="sm">
        <HourInput
          label="Début du service"
          value={values.start_date}
          onChange={(v) => onChange({ ...values, start_date: v })}
          error={visibleIssue(issues, 'start_date', attempted)}
          testId="planning-start"
        />
        <HourInput
          label="Fin du service"
          value={values.end_date}
          onChange={(v) => onChange({ ...values, end_date: v })}
          error={visibleIssue(issues, 'end_date', attempted)}
          testId="planning-end"
        />
        {hourly ? (
          <HourInput
            label="Heure de passation"
            value={values.passation_date ?? ''}
            onChange={(v) => onChange({ ...values, passation_date: v })}
            error={visibleIssue(issues, 'passation_date', attempted)}
            testId="planning-passation"
          />
        ) : null}
      </SimpleGrid>
    </PlanningCard>
  );
}

/** Automatic alternation: only with 2 drivers and a daily or weekly planning; manual clears it. */
export function AlternationCard({ values, onChange, issues, attempted, drivers }: CardProps & { drivers: ReadonlyMap<string, PlanningDriver> }) {
  const possible = values.number_drivers === 2 && values.work_planning !== 'hourly';
  const auto = isAutoAlternation(values);
  const weekly = values.work_planning === 'weekly';
  const unit = weekly ? 'semaine' : 'jour';
  const period = weekly ? values.alternating_weeks : values.alternating_days;
  return (
    <PlanningCard title="Configuration de l'alternance" testId="planning-alternation">
      {!possible ? (
        <Text size="sm" c="dimmed">
          L'alternance automatique est possible avec 2 chauffeurs en planning journalier ou hebdomadaire.
        </Text>
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={auto ? 'auto' : 'manual'}
            onChange={(v) => onChange(changeAlternation(values, v === 'auto'))}
            data={[
              { value: 'manual', label: 'Manuelle (jours choisis)' },
              { value: 'auto', label: 'Automatique' },
            ]}
            data-testid="planning-alternation-mode"
          />
          {auto ? (
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput
                label={`Alterner tous les (${unit}s)`}
                min={ALTERNATION_MIN}
                max={ALTERNATION_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={period ?? ''}
                onChange={(v) => {
                  const n = typeof v === 'number' ? v : null;
                  onChange(weekly ? { ...values, alternating_weeks: n } : { ...values, alternating_days: n });
                }}
                error={visibleIssue(issues, weekly ? 'alternating_weeks' : 'alternating_days', attempted)}
                data-testid="planning-alternation-period"
              />
              <DayInput
                label="Début de l'alternance"
                value={values.start_alternation_at}
                onChange={(v) => onChange({ ...values, start_alternation_at: v })}
                error={visibleIssue(issues, 'start_alternation_at', attempted)}
                testId="planning-alternation-start"
              />
              <Select
                label="Premier chauffeur"
                placeholder={values.profiles.length ? 'Sélectionnez' : 'Affectez les chauffeurs'}
                data={values.profiles.map((p) => {
                  const d = drivers.get(p.driver_id);
                  return { value: p.driver_id, label: d ? `${d.first_name} ${d.last_name}` : 'Chauffeur' };
                })}
                value={values.first_driver_alternation_id}
                onChange={(v) => onChange({ ...values, first_driver_alternation_id: v })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={visibleIssue(issues, 'first_driver_alternation_id', attempted)}
                data-testid="planning-alternation-first"
              />
            </SimpleGrid>
          ) : null}
          {visibleIssue(issues, 'alternation', attempted) ? (
            <Text size="sm" c="red">
              {visibleIssue(issues, 'alternation', attempted)}
            </Text>
          ) : null}
        </Stack>
      )}
    </PlanningCard>
  );
}

/** The weekly salary day (Monday by default when enabled); it is never a work day. */
export function SalaryDayCard({ values, onChange, issues, attempted }: CardProps) {
  return (
    <PlanningCard title="Configuration du salaire" testId="planning-salary">
      <Stack gap="sm">
        <Switch
          label="Définir un jour de paie"
          checked={values.salary_day_config}
          onChange={(e) => onChange(changeSalaryDayConfig(values, e.currentTarget.checked))}
          data-testid="planning-salary-switch"
        />
        {values.salary_day_config ? (
          <Select
            label="Jour de paie"
            data={WEEK_DAYS.map((d) => ({ value: String(d.id), label: d.name }))}
            value={values.salary_day_id ? String(values.salary_day_id) : null}
            onChange={(v) => v && onChange(changeSalaryDay(values, Number(v)))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={visibleIssue(issues, 'salary_day_id', attempted)}
            data-testid="planning-salary-day"
          />
        ) : null}
      </Stack>
    </PlanningCard>
  );
}

/** The configuration in words, as it will be saved. */
export function SummaryCard({ values, drivers }: { values: PlanningValues; drivers: ReadonlyMap<string, PlanningDriver> }) {
  return (
    <PlanningCard title="Résumé de la configuration" testId="planning-summary">
      <List size="sm" spacing={4}>
        {planningSummary(values, drivers).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </PlanningCard>
  );
}

export function IssueText({ message }: { message?: string }) {
  return message ? (
    <Group gap={4}>
      <Text size="sm" c="red" role="alert">
        {message}
      </Text>
    </Group>
  ) : null;
}
