// The calendar's styles come with this dialog, never with the list.
import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, CloseButton, Group, List, Modal, Paper, Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DURATION_CHOICE_LABELS,
  DURATION_CHOICES,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_TITLES,
  type TDurationChoice,
  type TMaintenanceCreated,
} from '@flotte/contract/maintenance';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { formatMoney } from '../../ui/format.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { SupplierSelect } from '../suppliers/SupplierSelect.tsx';
import { DayInput, HourInput } from '../vehicles/DayTimeInputs.tsx';
import { VehiclePicker } from '../vehicles/VehiclePicker.tsx';
import { ComponentsDialog } from './ComponentsDialog.tsx';
import { maintenanceApi } from './maintenance-api.ts';
import { invalidatedBySchedule, useCarComponents, useRepairTypes } from './queries.ts';
import {
  canGoNext,
  emptyGroup,
  estimateTotal,
  freeRepairTypes,
  lostDaysLines,
  MAX_REPAIR_GROUPS,
  scheduleBody,
  scheduleDefaults,
  scheduleSpan,
  scheduleWarning,
  type RepairGroup,
  type ScheduleValues,
} from './schedule-form.ts';

export interface ScheduleMaintenanceDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The vehicle the form opens with (from its details). */
  vehicle?: { id: string; registration_number: string } | null;
  /** Called with the scheduled maintenance, after the dialog closed. */
  onCreated?: (m: TMaintenanceCreated) => void;
}

/** Today in the park's zone (yyyy-MM-dd). */
const todayIn = (timeZone: string | undefined) => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || undefined }).format(new Date());

/**
 * 'Programmer un entretien' (spec 002 sections 2, 4, 5): the vehicle, how long it stays at the
 * garage, one or more repair types each with its components and their estimate, the supplier, a
 * description and up to 4 pictures. 'Suivant' asks the planning which drivers would lose which days
 * and, when some would, lists them before scheduling.
 */
export function ScheduleMaintenanceDialog({ opened, onClose, vehicle, onCreated }: ScheduleMaintenanceDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const park = useActingPark();
  const fresh = () => scheduleDefaults({ vehicleId: vehicle?.id, today: todayIn(park?.time_zone) });
  const [values, setValues] = useState<ScheduleValues>(fresh);
  const [plate, setPlate] = useState<string | null>(vehicle?.registration_number ?? null);
  const [images, setImages] = useState<File[]>([]);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [lost, setLost] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);
  const set = (patch: Partial<ScheduleValues>) => setValues((v) => ({ ...v, ...patch }));
  const setGroup = (key: number, patch: Partial<RepairGroup>) => setValues((v) => ({ ...v, groups: v.groups.map((g) => (g.key === key ? { ...g, ...patch } : g)) }));

  const repairTypes = useRepairTypes(opened);
  const components = useCarComponents(opened);
  const names = useMemo(() => new Map((components.data ?? []).map((c) => [c.id, c.name])), [components.data]);

  useEffect(() => {
    if (opened) {
      setValues(fresh());
      setPlate(vehicle?.registration_number ?? null);
      setImages([]);
      setLost(null);
    }
  }, [opened, vehicle?.id]);

  const warning = scheduleWarning(values);
  const ready = canGoNext(values);
  const editingGroup = values.groups.find((g) => g.key === editing) ?? null;

  const create = useMutation({
    mutationFn: async () => {
      const paths = await Promise.all(images.map((f) => maintenanceApi.uploadImage(f).then((s) => s.path)));
      return maintenanceApi.create(scheduleBody(values, paths));
    },
    meta: { errorToast: false },
  });

  async function schedule() {
    try {
      const created = await create.mutateAsync();
      toast.success(MAINTENANCE_MESSAGES.created);
      for (const key of invalidatedBySchedule) void queryClient.invalidateQueries({ queryKey: key });
      setLost(null);
      onClose();
      onCreated?.(created);
    } catch (error) {
      toastApiError(error);
      throw error; // keeps the confirmation open for a retry
    }
  }

  /** 'Suivant': the spec's first warning, then who loses which days, then scheduling. */
  async function next() {
    if (warning) {
      toast.error(warning);
      return;
    }
    const span = scheduleSpan(values)!;
    setChecking(true);
    try {
      const impact = await maintenanceApi.planningImpact({ vehicle_id: values.vehicle_id!, ...span });
      const lines = lostDaysLines(impact);
      if (lines.length) setLost(lines);
      else await schedule().catch(() => undefined);
    } catch (error) {
      toastApiError(error);
    } finally {
      setChecking(false);
    }
  }

  const repairOptions = (key: number) => freeRepairTypes(repairTypes.data ?? [], values.groups, key).map((t) => ({ value: String(t.id), label: t.name }));
  const typeName = (id: number | null) => (repairTypes.data ?? []).find((t) => t.id === id)?.name ?? null;
  const canAddGroup = values.groups.length < Math.min(MAX_REPAIR_GROUPS, repairTypes.data?.length ?? MAX_REPAIR_GROUPS);
  const choice = values.duration_choice;

  return (
    <>
      <Modal
        opened={opened && !picking && editing === null && lost === null}
        onClose={onClose}
        title={MAINTENANCE_TITLES.schedule}
        size="lg"
        fullScreen={fullScreen}
        data-testid="maintenance-schedule-dialog"
      >
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Véhicule{' '}
              <Text span c="red" aria-hidden>
                *
              </Text>
            </Text>
            <Button variant="default" justify="space-between" onClick={() => setPicking(true)} data-testid="maintenance-vehicle">
              {plate ?? 'Choisir un véhicule'}
            </Button>
          </Stack>

          <Radio.Group label="Durée" value={String(choice)} onChange={(v) => set({ duration_choice: Number(v) as TDurationChoice })} data-testid="maintenance-duration">
            <Group gap="md" mt={6}>
              {DURATION_CHOICES.map((c) => (
                <Radio key={c} value={String(c)} label={DURATION_CHOICE_LABELS[c]} />
              ))}
            </Group>
          </Radio.Group>

          {choice === 1 ? (
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <DayInput label="Date" required value={values.day} onChange={(day) => set({ day })} testId="maintenance-day" />
              <HourInput label="Heure de début" value={values.start_time} onChange={(start_time) => set({ start_time })} testId="maintenance-start-time" />
              <HourInput label="Heure de fin" value={values.end_time} onChange={(end_time) => set({ end_time })} testId="maintenance-end-time" />
            </SimpleGrid>
          ) : choice === 2 ? (
            <DayInput label="Date" required value={values.day} onChange={(day) => set({ day })} testId="maintenance-day" />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DayInput label="Date de début" required value={values.day} onChange={(day) => set({ day })} testId="maintenance-day" />
              <DayInput label="Date de fin" required value={values.end_day} onChange={(end_day) => set({ end_day })} testId="maintenance-end-day" />
            </SimpleGrid>
          )}

          <Stack gap="sm" data-testid="maintenance-groups">
            {values.groups.map((g, i) => (
              <Paper key={g.key} withBorder p="sm" radius="md" data-testid="maintenance-group">
                <Stack gap="xs">
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <Select
                      label={values.groups.length > 1 ? `Type d'entretien ${i + 1}` : "Type d'entretien"}
                      withAsterisk
                      placeholder="Choisir le type"
                      data={repairOptions(g.key)}
                      value={g.repair_type_id === null ? null : String(g.repair_type_id)}
                      onChange={(v) => setGroup(g.key, { repair_type_id: v ? Number(v) : null })}
                      comboboxProps={{ withinPortal: true }}
                      style={{ flex: 1, minWidth: 0 }}
                      data-testid="maintenance-repair-type"
                    />
                    {values.groups.length > 1 ? (
                      <CloseButton
                        mb={6}
                        aria-label={`Retirer le type d'entretien ${i + 1}`}
                        onClick={() => set({ groups: values.groups.filter((x) => x.key !== g.key) })}
                      />
                    ) : null}
                  </Group>
                  <Button
                    variant="light"
                    justify="space-between"
                    onClick={() => setEditing(g.key)}
                    rightSection={g.components.length ? <Badge size="sm" circle>{g.components.length}</Badge> : null}
                    data-testid="maintenance-components-open"
                  >
                    Éléments concernés
                  </Button>
                  {g.components.length ? (
                    <Group gap={6} data-testid="maintenance-group-components">
                      {g.components.map((c) => (
                        <Badge key={c.id} variant="default" tt="none" size="lg" fw={400}>
                          {names.get(c.id) ?? 'Élément'} · {formatMoney(c.amount ?? 0, park?.currency)}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                </Stack>
              </Paper>
            ))}
            {canAddGroup ? (
              <Button
                variant="subtle"
                size="compact-sm"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => set({ groups: [...values.groups, emptyGroup(Math.max(...values.groups.map((g) => g.key)) + 1)] })}
                data-testid="maintenance-group-add"
              >
                Ajouter un type d'entretien
              </Button>
            ) : null}
          </Stack>

          <SupplierSelect value={values.supplier_id} onChange={(supplier_id) => set({ supplier_id })} testId="maintenance-supplier" />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={2000}
            value={values.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            data-testid="maintenance-description"
          />
          <ImageUpload label="Images" value={images} onChange={setImages} multiple testId="maintenance-images" />

          <Text size="sm" data-testid="maintenance-estimate">
            Montant estimé : <Money amount={estimateTotal(values.groups)} fw={600} />
          </Text>
          {warning ? (
            <Alert color="orange" variant="light" p="xs" data-testid="maintenance-warning">
              {warning}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={() => void next()} disabled={!ready} loading={checking || create.isPending} data-testid="maintenance-schedule-next">
              Suivant
            </Button>
          </Group>
        </Stack>
      </Modal>

      <VehiclePicker
        opened={opened && picking}
        onClose={() => setPicking(false)}
        value={values.vehicle_id ? [values.vehicle_id] : undefined}
        allowCreate={false}
        onConfirm={(picked) => {
          const v = picked[0];
          setPicking(false);
          setPlate(v?.registration_number ?? null);
          set({ vehicle_id: v?.id ?? null });
        }}
      />
      <ComponentsDialog
        opened={opened && editingGroup !== null}
        onClose={() => setEditing(null)}
        subtitle={editingGroup ? typeName(editingGroup.repair_type_id) : null}
        value={editingGroup?.components ?? []}
        onChange={(lines) => editingGroup && setGroup(editingGroup.key, { components: lines })}
      />
      <ConfirmDialog
        opened={opened && lost !== null}
        onClose={() => setLost(null)}
        title="Des chauffeurs perdent des journées"
        message={
          <Stack gap="xs">
            <Text size="sm">Ce véhicule est planifié pendant l'entretien. Ces chauffeurs ne le conduiront pas ces jours-là :</Text>
            <List size="sm" spacing={4} data-testid="maintenance-lost-days">
              {(lost ?? []).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        }
        confirmLabel="Programmer l'entretien"
        cancelLabel="Retour"
        onConfirm={schedule}
        testId="maintenance-lost-days-dialog"
      />
    </>
  );
}
