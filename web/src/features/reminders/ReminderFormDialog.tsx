// The calendar's styles come with this dialog, never with the first screen.
import '@mantine/dates/styles.css';
import { useEffect } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type Control } from 'react-hook-form';
import { REMINDER_SUCCESS_MESSAGES, REMINDER_TITLE_MAX, type TReminder } from '@flotte/contract/reminders';
import { FrenchDatesProvider } from '../../ui/dates/DateRangePicker.tsx';
import { showFormError } from '../../ui/form-errors.ts';
import { formatAmount } from '../../ui/format.ts';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useRepairTypes } from './queries.ts';
import { remindersApi } from './reminders-api.ts';
import { parkDay } from '../notifications/notification-view.ts';
import { REMINDER_FIELDS, reminderBody, reminderDefaults, reminderResolver, type ReminderFormValues } from './reminder-form.ts';

/** The calendar's buttons, read aloud in French. */
const CALENDAR_LABELS = {
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  previousYear: 'Année précédente',
  nextYear: 'Année suivante',
  previousDecade: 'Décennie précédente',
  nextDecade: 'Décennie suivante',
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: "Choisir l'année",
};

/** A whole number of km or months (never negative, never decimal); empty while unset. */
function WholeNumberField(props: {
  control: Control<ReminderFormValues>;
  name: 'every_km' | 'every_months' | 'last_done_km';
  label: string;
  placeholder?: string;
  min: number;
  suffix: string;
  thousands?: boolean;
  testId: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={props.label}
          placeholder={props.placeholder}
          min={props.min}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={props.thousands ? ',' : undefined}
          suffix={props.suffix}
          value={field.value}
          onChange={(v) => field.onChange(typeof v === 'number' ? v : '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data-testid={props.testId}
        />
      )}
    />
  );
}

export interface ReminderFormDialogProps {
  opened: boolean;
  vehicleId: string;
  /** null adds a reminder. */
  reminder: TReminder | null;
  /** The vehicle's odometer: offered as the last service's mileage when none is known. */
  mileage: number | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Nouveau rappel' / 'Modifier le rappel': what (a repair type or a title), how often, since when. */
export function ReminderFormDialog({ opened, vehicleId, reminder, mileage, onClose, onSaved }: ReminderFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const types = useRepairTypes(opened);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<ReminderFormValues>({
    resolver: reminderResolver,
    defaultValues: reminderDefaults(reminder),
  });
  useEffect(() => {
    if (opened) reset(reminderDefaults(reminder));
  }, [opened, reminder, reset]);

  const save = useMutation({
    mutationFn: (values: ReminderFormValues) => (reminder ? remindersApi.update(reminder.id, reminderBody(values)) : remindersApi.add(vehicleId, reminderBody(values))),
    meta: { errorToast: false },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(reminder ? REMINDER_SUCCESS_MESSAGES.updated : REMINDER_SUCCESS_MESSAGES.added);
      onSaved();
      onClose();
    } catch (error) {
      showFormError(error, setError, {}, REMINDER_FIELDS);
    }
  });

  const typeOptions = (types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const today = parkDay(useActingPark()?.time_zone);

  return (
    <Modal opened={opened} onClose={onClose} title={reminder ? 'Modifier le rappel' : 'Nouveau rappel'} size="lg" fullScreen={fullScreen} data-testid="reminder-dialog">
      <FrenchDatesProvider>
        <form onSubmit={onSubmit} noValidate data-testid="reminder-form">
          <Stack gap="md">
            <Controller
              control={control}
              name="repair_type_id"
              render={({ field, fieldState }) => (
                <Select
                  label="Type d'entretien"
                  placeholder="Aucun : saisissez un titre"
                  data={typeOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  clearable
                  nothingFoundMessage={types.isPending ? 'Chargement…' : "Aucun type d'entretien"}
                  error={fieldState.error?.message ?? (types.isError ? types.error.message : undefined)}
                  comboboxProps={{ withinPortal: true }}
                  data-testid="reminder-repair-type"
                />
              )}
            />
            <TextInput
              label="Titre"
              description="Facultatif avec un type d'entretien (par exemple « Pneus avant »)."
              maxLength={REMINDER_TITLE_MAX}
              {...register('title')}
              error={formState.errors.title?.message}
              data-testid="reminder-title"
            />
            <div>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <WholeNumberField control={control} name="every_km" label="Tous les … km" placeholder="10000" min={1} suffix=" km" thousands testId="reminder-every-km" />
                <WholeNumberField control={control} name="every_months" label="Tous les … mois" placeholder="6" min={1} suffix=" mois" testId="reminder-every-months" />
              </SimpleGrid>
              <Text size="xs" c="dimmed" mt={4}>
                Renseignez l'un, l'autre ou les deux : le premier atteint déclenche le rappel.
              </Text>
            </div>
            <Controller
              control={control}
              name="recurring"
              render={({ field }) => (
                <Switch
                  label="Récurrent"
                  description="Le rappel revient après chaque entretien ; sinon il ne sert qu'une fois."
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  data-testid="reminder-recurring"
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <Controller
                control={control}
                name="last_done_at"
                render={({ field, fieldState }) => (
                  <DatePickerInput
                    label="Dernière fois le"
                    placeholder="jj/mm/aaaa"
                    valueFormat="DD/MM/YYYY"
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? null)}
                    onBlur={field.onBlur}
                    maxDate={today}
                    clearable
                    error={fieldState.error?.message}
                    ariaLabels={CALENDAR_LABELS}
                    popoverProps={{ withinPortal: true }}
                    data-testid="reminder-last-done-at"
                  />
                )}
              />
              <WholeNumberField control={control} name="last_done_km" label="Au kilométrage" placeholder={mileage != null ? formatAmount(mileage) : undefined} min={0} suffix=" km" thousands testId="reminder-last-done-km" />
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt={-8}>
              Sans date, le rappel compte à partir d'aujourd'hui et du kilométrage actuel du véhicule.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="reminder-submit">
                {reminder ? 'Enregistrer' : 'Ajouter le rappel'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FrenchDatesProvider>
    </Modal>
  );
}
