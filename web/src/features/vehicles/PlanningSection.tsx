import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CONFIG_MESSAGES, maxDriversMessage } from '@flotte/contract/vehicles';
import { toast } from '../../ui/toast.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { DriverWorkCard } from './DriverWorkCard.tsx';
import { AlternationCard, BasicConfigCard, IssueText, PlanningCard, SalaryDayCard, ServiceHoursCard, SummaryCard } from './PlanningCards.tsx';
import { addDriver, removeDriver, visibleIssue, type PlanningDriver, type PlanningIssues, type PlanningValues } from './planning-form.ts';

export interface PlanningSectionProps {
  values: PlanningValues;
  onChange: (values: PlanningValues) => void;
  drivers: ReadonlyMap<string, PlanningDriver>;
  onDriverPicked: (driver: PlanningDriver) => void;
  issues: PlanningIssues;
  /** After a first try to go on: what is missing shows too. */
  attempted: boolean;
  /** The server's refusal (a driver busy on another vehicle ...). */
  serverError: string | null;
}

/**
 * Step 2 of the wizard, and the 'planning' update: the planning screen's cards (basic
 * configuration, service hours, alternation, salary, driver assignment, summary). Drivers come
 * from the picker limited to those who can be assigned (active).
 */
export function PlanningSection({ values, onChange, drivers, onDriverPicked, issues, attempted, serverError }: PlanningSectionProps) {
  const [picking, setPicking] = useState(false);
  const full = values.profiles.length >= values.number_drivers;
  const assignedIds = values.profiles.map((p) => p.driver_id);
  const card = { values, onChange, issues, attempted };

  const pick = (picked: PickedDriver[]) => {
    let next = values;
    for (const d of picked) {
      // Spec 000 section 5 wordings; the picker already hides the drivers of this vehicle.
      if (next.profiles.some((p) => p.driver_id === d.id)) {
        toast.error(CONFIG_MESSAGES.duplicateDriver);
        continue;
      }
      if (next.profiles.length >= next.number_drivers) {
        toast.error(maxDriversMessage(next.number_drivers));
        break;
      }
      onDriverPicked({ id: d.id, first_name: d.first_name, last_name: d.last_name, phone: d.phone ?? null, image: d.image ?? null });
      next = addDriver(next, d.id);
    }
    onChange(next);
  };

  const driversIssue = visibleIssue(issues, 'profiles', attempted);
  return (
    <Stack gap="md" data-testid="planning-section">
      {serverError ? (
        <Alert color="red" title="Configuration refusée" data-testid="planning-server-error">
          {serverError}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <BasicConfigCard {...card} onWarning={(m) => toast.error(m)} />
        <ServiceHoursCard {...card} />
        <AlternationCard {...card} drivers={drivers} />
        <SalaryDayCard {...card} />
      </SimpleGrid>

      <PlanningCard title="Affectation des chauffeurs" testId="planning-drivers">
        <Stack gap="sm">
          {values.profiles.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucun chauffeur affecté à ce véhicule.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: values.profiles.length > 1 ? 2 : 1 }} spacing="sm">
              {values.profiles.map((p, i) => (
                <DriverWorkCard
                  key={p.driver_id}
                  index={i}
                  values={values}
                  driver={drivers.get(p.driver_id)}
                  onChange={onChange}
                  onRemove={() => onChange(removeDriver(values, p.driver_id))}
                  issues={issues}
                  attempted={attempted}
                />
              ))}
            </SimpleGrid>
          )}
          <IssueText message={driversIssue} />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed" data-testid="planning-drivers-count">
              {values.profiles.length} / {values.number_drivers} chauffeur{values.number_drivers > 1 ? 's' : ''}
            </Text>
            <Button
              variant="light"
              onClick={() => (full ? toast.error(maxDriversMessage(values.number_drivers)) : setPicking(true))}
              data-testid="planning-driver-add"
            >
              Affecter un chauffeur
            </Button>
          </Group>
        </Stack>
      </PlanningCard>

      <SummaryCard values={values} drivers={drivers} />

      <DriverPicker
        opened={picking}
        onClose={() => setPicking(false)}
        onConfirm={pick}
        multiple={values.number_drivers - values.profiles.length > 1}
        max={values.number_drivers - values.profiles.length}
        assignableOnly
        excludeIds={assignedIds}
      />
    </Stack>
  );
}
