import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCodes } from '@flotte/contract/errors';
import { REMINDER_SUCCESS_MESSAGES, type TReminder, type TVehicleReminders } from '@flotte/contract/reminders';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { RecordCard } from '../../ui/data-table/RecordCard.tsx';
import { formatAmount } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { reminderKeys, REMINDER_DEPENDENT_KEYS, useVehicleReminders } from './queries.ts';
import { remindersApi } from './reminders-api.ts';
import { countedFromText, dueText, intervalText, leftText } from './reminder-view.ts';
import { UrgencyBadge } from './UrgencyBadge.tsx';

// The form (and the calendar behind it) downloads when someone adds or edits a reminder.
const ReminderFormDialog = lazy(() => import('./ReminderFormDialog.tsx').then((m) => ({ default: m.ReminderFormDialog })));

const NOT_ALLOWED = ErrorCodes.FORBIDDEN.message;
export const NO_REMINDER_TEXT = "Aucun rappel d'entretien pour ce véhicule";

/** A disabled button fires no pointer events: the wrapper carries the tooltip saying why. */
function Allowed({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  return (
    <Tooltip label={NOT_ALLOWED} disabled={allowed} withArrow events={{ hover: true, focus: true, touch: true }}>
      <span style={{ display: 'inline-block' }}>{children}</span>
    </Tooltip>
  );
}

/** The park's thresholds and the odometer the reminders count against. */
function summary(d: TVehicleReminders): string {
  const mileage = d.mileage != null ? `Kilométrage actuel : ${formatAmount(d.mileage)} km` : 'Kilométrage non renseigné';
  return `${mileage} · « Bientôt » dès ${d.soon_days} jours ou ${formatAmount(d.soon_km)} km avant l'échéance`;
}

/**
 * 'Rappels d'entretien' of a vehicle: every N km, every N months or whichever comes first, with the
 * next due and its urgency. Anyone who sees the vehicle reads them; MANAGE_MAINTENANCE changes them.
 */
export function VehicleReminders({ vehicleId }: { vehicleId: string }) {
  const { can } = usePermissions();
  const canManage = can('MANAGE_MAINTENANCE');
  const queryClient = useQueryClient();
  const query = useVehicleReminders(vehicleId);
  // null: closed; 'new': adding; a reminder: editing it.
  const [editing, setEditing] = useState<TReminder | 'new' | null>(null);
  const [formUsed, setFormUsed] = useState(false);
  const [deleting, setDeleting] = useState<TReminder | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reminderKeys.ofVehicle(vehicleId) });
    for (const key of REMINDER_DEPENDENT_KEYS) void queryClient.invalidateQueries({ queryKey: key });
  };
  const remove = useMutation({
    mutationFn: (id: string) => remindersApi.remove(id),
    onSuccess: () => {
      toast.success(REMINDER_SUCCESS_MESSAGES.deleted);
      refresh();
    },
  });
  const openForm = (target: TReminder | 'new') => {
    setFormUsed(true);
    setEditing(target);
  };

  const data = query.data;
  const addButton = (
    <Allowed allowed={canManage}>
      <Button size="xs" variant="light" disabled={!canManage} onClick={() => openForm('new')} data-testid="reminder-add">
        Ajouter un rappel
      </Button>
    </Allowed>
  );

  return (
    <Stack gap="sm" data-testid="vehicle-reminders">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs">
            <Title order={3} fz="md">
              Rappels d'entretien
            </Title>
            {data && data.reminders.length > 0 ? <UrgencyBadge urgency={data.urgency} testId="vehicle-reminders-urgency" /> : null}
          </Group>
          {data ? (
            <Text size="xs" c="dimmed" data-testid="vehicle-reminders-summary">
              {summary(data)}
            </Text>
          ) : null}
        </div>
        {addButton}
      </Group>

      {query.isError ? (
        <Alert color="red" data-testid="vehicle-reminders-error">
          {query.error.message}
        </Alert>
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </SimpleGrid>
      ) : data.reminders.length === 0 ? (
        <EmptyPlaceholder
          size="sm"
          text={NO_REMINDER_TEXT}
          description="Un rappel prévient avant une vidange ou une révision, selon les kilomètres ou le temps écoulé."
          testId="vehicle-reminders-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {data.reminders.map((r) => (
            <RecordCard
              key={r.id}
              rowId={r.id}
              testId="reminder-card"
              title={<span data-testid="reminder-label">{r.label}</span>}
              status={r.done_at ? null : <UrgencyBadge urgency={r.urgency} testId="reminder-urgency" />}
              lines={[intervalText(r), dueText(r), leftText(r), countedFromText(r)]}
              struck={r.done_at !== null}
              actions={
                canManage ? (
                  <>
                    <Button size="compact-sm" variant="subtle" onClick={() => openForm(r)} aria-label={`Modifier le rappel ${r.label}`} data-testid="reminder-edit">
                      Modifier
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(r)} aria-label={`Supprimer le rappel ${r.label}`} data-testid="reminder-delete">
                      Supprimer
                    </Button>
                  </>
                ) : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}

      {formUsed && data ? (
        <Suspense fallback={null}>
          <ReminderFormDialog
            opened={editing !== null}
            vehicleId={vehicleId}
            reminder={editing === 'new' ? null : editing}
            mileage={data.mileage}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Supprimer le rappel"
        message={deleting ? `Le rappel « ${deleting.label} » ne préviendra plus pour ce véhicule.` : ''}
        confirmLabel="Supprimer"
        danger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
        testId="reminder-delete-dialog"
      />
    </Stack>
  );
}
