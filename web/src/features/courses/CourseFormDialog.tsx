// The calendar's styles come with this dialog, never with the list.
import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_MESSAGES, type TCourseDetail } from '@flotte/contract/courses';
import { formatDistance, formatDuration } from '@flotte/contract/geo';
import { ApiError } from '../../api/api-error.ts';
import { formatMoney } from '../../ui/format.ts';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { AddressPicker } from '../../ui/map/index.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { ClientPicker } from '../clients/ClientPicker.tsx';
import { CourseKindFields } from './CourseKindFields.tsx';
import { useClient } from '../clients/queries.ts';
import { useDriver } from '../drivers/queries.ts';
import { DayInput, HourInput } from '../vehicles/DayTimeInputs.tsx';
import {
  courseCreateBody,
  courseDefaults,
  courseFormErrors,
  courseQuoteQuery,
  courseSpan,
  courseUpdateBody,
  courseValuesFrom,
  driverOptions,
  effectiveAmount,
  fieldOf,
  plannedDriverOf,
  proposedDriver,
  quoteLines,
  vehicleOptions,
  type CourseField,
  type CourseFieldErrors,
  type CourseFormValues,
} from './course-form.ts';
import { coursesApi } from './courses-api.ts';
import { courseKeys, invalidatedByChange, useCourseAvailability, useCourseQuote } from './queries.ts';

export interface CourseFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The course to edit; null books a new one. */
  course: TCourseDetail | null;
  /** Called with the saved course, after the dialog closed. */
  onSaved?: (course: TCourseDetail) => void;
}

/** Now on the park's clock, yyyy-MM-ddTHH:mm. */
function nowIn(timeZone: string | undefined): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * 'Programmer une course' and its edit (issue 20 section 2; spec 000 sections 2, 4, 8): the client
 * and his contact, the two addresses (the client's saved ones first), the span, the vehicle and
 * the driver among those free then, the people, the amount (the quote's suggestion until the
 * person types one) and a description. Field errors sit under their fields; a conflict (vehicle or
 * driver taken meanwhile) is the server's message in an error toast.
 */
export function CourseFormDialog({ opened, onClose, course, onSaved }: CourseFormDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const park = useActingPark();
  const fresh = () => (course ? courseValuesFrom(course) : courseDefaults(nowIn(park?.time_zone)));
  const [values, setValues] = useState<CourseFormValues>(fresh);
  const [errors, setErrors] = useState<CourseFieldErrors>({});
  const set = (patch: Partial<CourseFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A field the person changes loses its message; the others keep theirs until the next try.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) {
        const field = key.startsWith('start_') && key !== 'start_address' ? 'start_date' : key.startsWith('end_') && key !== 'end_address' ? 'end_date' : fieldOf(key);
        if (field) delete next[field as CourseField];
      }
      return next;
    });
  };

  useEffect(() => {
    if (opened) {
      setValues(fresh());
      setErrors({});
    }
  }, [opened, course?.id]);

  const client = useClient(opened ? values.client_id : null);
  const span = courseSpan(values);
  const free = useCourseAvailability(opened ? span : null, course?.id ?? null);
  const quoteQuery = courseQuoteQuery(values);
  const quote = useCourseQuote(opened ? quoteQuery : null);
  const amount = effectiveAmount(values, quote.data);
  // A suggestion arriving answers an 'amount' message left from an earlier try.
  useEffect(() => {
    if (amount !== null) setErrors((e) => (e.amount ? { ...e, amount: undefined } : e));
  }, [amount]);

  // A vehicle the planning has working goes with its planned driver (the server refuses another).
  useEffect(() => {
    const proposed = proposedDriver(free.data, values.vehicle_id, values.driver_id);
    if (proposed !== values.driver_id) setValues((v) => ({ ...v, driver_id: proposed }));
  }, [values.vehicle_id, free.data]);
  const plannedId = plannedDriverOf(free.data, values.vehicle_id);
  const planned = useDriver(opened ? plannedId : null);
  const plannedOption = plannedId ? { value: plannedId, label: planned.data ? `${planned.data.first_name} ${planned.data.last_name}` : 'Chauffeur du planning' } : null;

  const ownVehicle = course?.vehicle && course.vehicle.id === values.vehicle_id ? { value: course.vehicle.id, label: course.vehicle.registration_number } : null;
  const ownDriver = course?.driver && course.driver.id === values.driver_id ? { value: course.driver.id, label: course.driver.name } : null;
  const vehicles = useMemo(() => vehicleOptions(free.data?.vehicles, ownVehicle), [free.data, ownVehicle?.value]);
  const drivers = useMemo(() => driverOptions(free.data?.drivers, ownDriver, plannedOption), [free.data, ownDriver?.value, plannedOption?.value, plannedOption?.label]);
  const contacts = (client.data?.contacts ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.phone}` }));
  const suggestions = client.data?.addresses ?? [];

  const save = useMutation({
    mutationFn: () => (course ? coursesApi.update(course.id, courseUpdateBody(values, amount)) : coursesApi.create(courseCreateBody(values, amount))),
    meta: { errorToast: false },
  });

  async function submit() {
    const failed = courseFormErrors(values, amount);
    if (Object.keys(failed).length) {
      setErrors(failed);
      return;
    }
    try {
      const saved = await save.mutateAsync();
      queryClient.setQueryData(courseKeys.detail(saved.id), saved);
      toast.success(course ? COURSE_MESSAGES.updated : COURSE_MESSAGES.created);
      for (const key of invalidatedByChange) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
      onSaved?.(saved);
    } catch (error) {
      // A 400's field messages go under their fields; the rest (a 409 conflict) is an error toast.
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length) {
        const placed: CourseFieldErrors = {};
        for (const { field, message } of error.fieldErrors) {
          const target = fieldOf(field);
          if (target && !placed[target]) placed[target] = message;
        }
        setErrors(placed);
        if (Object.keys(placed).length < error.fieldErrors.length) toastApiError(error);
        return;
      }
      toastApiError(error);
    }
  }

  const lines = quote.data ? quoteLines(quote.data, formatDistance(quote.data.distance_m), formatDuration(quote.data.duration_s)) : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={course ? `Modifier la course ${course.reference}` : 'Programmer une course'}
      size="xl"
      fullScreen={fullScreen}
      // Leaflet's controls stack at z-index 800-1000: the sticky title stays above them when scrolling.
      styles={{ header: { zIndex: 1001 } }}
      data-testid="course-form-dialog"
    >
      <Stack gap="md">
        <ClientPicker
          label="Client"
          required
          testId="course-client"
          value={values.client_id}
          onChange={(client_id) => set({ client_id, contact_id: null })}
          error={errors.client_id}
        />
        <Select
          label="Personne à contacter"
          placeholder={values.client_id ? (contacts.length ? 'Choisir un contact' : 'Aucun contact pour ce client') : "Choisissez d'abord un client"}
          data={contacts}
          value={values.contact_id}
          onChange={(contact_id) => set({ contact_id })}
          disabled={!values.client_id || contacts.length === 0}
          clearable
          error={errors.contact_id}
          comboboxProps={{ withinPortal: true }}
          data-testid="course-contact"
        />
        <CourseKindFields kind={values.kind} maintenanceId={values.maintenance_id} onChange={set} error={errors.maintenance_id ?? errors.kind} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <AddressPicker
            label="Adresse de départ"
            required
            value={values.start_address}
            onChange={(start_address) => set({ start_address })}
            suggestions={suggestions}
            error={errors.start_address}
            testId="course-start-address"
          />
          <AddressPicker
            label="Adresse d'arrivée"
            required
            value={values.end_address}
            onChange={(end_address) => set({ end_address })}
            suggestions={suggestions}
            error={errors.end_address}
            testId="course-end-address"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <DayInput
            label="Départ le"
            required
            value={values.start_day}
            onChange={(start_day) => set({ start_day, ...(!values.end_day || (start_day && values.end_day < start_day) ? { end_day: start_day } : {}) })}
            error={errors.start_date}
            testId="course-start-day"
          />
          <HourInput label="à" value={values.start_time} onChange={(start_time) => set({ start_time })} testId="course-start-time" />
          <DayInput label="Arrivée le" required value={values.end_day} onChange={(end_day) => set({ end_day })} error={errors.end_date} testId="course-end-day" />
          <HourInput label="à" value={values.end_time} onChange={(end_time) => set({ end_time })} testId="course-end-time" />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Véhicule"
            placeholder={span ? (vehicles.length ? 'Choisir un véhicule' : 'Aucun véhicule libre') : 'Choisissez les dates'}
            description={span ? 'Les véhicules libres sur ce créneau' : undefined}
            data={vehicles}
            value={values.vehicle_id}
            onChange={(vehicle_id) => set({ vehicle_id })}
            disabled={!span}
            searchable
            clearable
            nothingFoundMessage="Aucun élément trouvé"
            rightSection={free.isFetching ? <Loader size={14} /> : undefined}
            error={errors.vehicle_id}
            comboboxProps={{ withinPortal: true }}
            data-testid="course-vehicle"
          />
          <Select
            label="Chauffeur"
            placeholder={span ? (drivers.length ? 'Choisir un chauffeur' : 'Aucun chauffeur libre') : 'Choisissez les dates'}
            description={plannedId ? 'Le chauffeur que le planning met sur ce véhicule' : span ? 'Les chauffeurs libres sur ce créneau' : undefined}
            data={drivers}
            value={values.driver_id}
            onChange={(driver_id) => set({ driver_id })}
            disabled={!span}
            searchable
            clearable
            nothingFoundMessage="Aucun élément trouvé"
            error={errors.driver_id}
            comboboxProps={{ withinPortal: true }}
            data-testid="course-driver"
          />
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Nombre de personnes"
            withAsterisk
            value={values.number_of_people ?? ''}
            onChange={(v) => set({ number_of_people: v === '' ? null : Number(v) })}
            min={1}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            error={errors.number_of_people}
            data-testid="course-people"
          />
          <AmountInput
            label="Montant"
            required
            value={amount}
            onChange={(v) => set({ amount: v, amount_typed: true })}
            currency={park?.currency}
            description={!values.amount_typed && quote.data?.suggested_amount != null ? 'Montant suggéré par le tarif' : undefined}
            error={errors.amount}
            testId="course-amount"
          />
        </SimpleGrid>
        {quoteQuery ? (
          <Alert color={quote.data?.source === 'great_circle' ? 'orange' : 'blue'} variant="light" p="xs" data-testid="course-quote">
            {quote.isPending ? (
              <Group gap="xs">
                <Loader size={14} />
                <Text size="sm">Calcul de la distance…</Text>
              </Group>
            ) : quote.isError ? (
              <Text size="sm">{'Distance indisponible\u00a0: saisissez le montant.'}</Text>
            ) : (
              <Stack gap={2}>
                {lines.map((l) => (
                  <Text key={l} size="sm">
                    {l}
                  </Text>
                ))}
                {values.amount_typed && quote.data?.suggested_amount != null && quote.data.suggested_amount !== values.amount ? (
                  <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => set({ amount_typed: false })} data-testid="course-amount-suggested">
                    Reprendre le montant suggéré ({formatMoney(quote.data.suggested_amount, park?.currency)})
                  </Button>
                ) : null}
              </Stack>
            )}
          </Alert>
        ) : null}
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          error={errors.description}
          data-testid="course-description"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="course-submit">
            {course ? 'Enregistrer' : 'Programmer la course'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
