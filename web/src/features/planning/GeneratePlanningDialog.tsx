import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, Group, Modal, MultiSelect, Radio, ScrollArea, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANNING_MESSAGES, PLANNING_SUCCESS } from '@flotte/contract/planning';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { Money } from '../../ui/Money.tsx';
import { fromDayString, presetPeriod, type DateRange, type Period } from '../../ui/dates/periods.ts';
import { toast } from '../../ui/toast.ts';
import { vehicleKeys } from '../vehicles/queries.ts';
import { vehiclesApi } from '../vehicles/vehicles-api.ts';
import { longDay } from './day-labels.ts';
import { confirmBody, confirmVehicleIds, conflictsByDay, driverName, entryKey, groupEntriesByDay, vehicleLabel } from './planning-entries.ts';
import { planningApi } from './planning-api.ts';
import type { TPlanningGenerateInput, TPlanningPreview } from './planning-types.ts';
import { PlanningEntryCard } from './PlanningEntryCard.tsx';
import { invalidatedByConfirm, useRotationGroups } from './queries.ts';
import { periodFits, periodQuery } from './schedule-period.ts';

export interface GeneratePlanningDialogProps {
  opened: boolean;
  onClose: () => void;
  parkId: string;
  /** Today in the park: the default period is this month. */
  today: Date;
  /** Vehicles chosen when it opens (the calendar of one vehicle). */
  initialVehicleIds?: readonly string[];
}

type Target = 'all' | 'vehicles' | 'rotation';
export const ROTATION_GROUP_REQUIRED = 'Veuillez sélectionner un groupe de rotation';
/** The preview lists this many conflicts; the others are counted. */
const CONFLICTS_SHOWN = 200;
/** A park has tens of vehicles, rarely hundreds: one page of 1000 holds them all (as the vehicle picker). */
const ALL_VEHICLES = 1000;

/**
 * 'Générer le planning': a period (this month by default) and the vehicles, a rotation group or
 * every configured vehicle; 'Générer' shows the preview (entries by day, conflicts in orange,
 * vehicles without planning), 'Confirmer le planning' saves it, replacing those vehicles' entries
 * over the period. When the period has past days whose recipes the job won't create (the planning
 * comes after them), 'Créer les recettes des jours passés' (off by default) shows how many and
 * how much, and creates them with the confirmation.
 */
export function GeneratePlanningDialog({ opened, onClose, parkId, today, initialVehicleIds = [] }: GeneratePlanningDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('ThisMonth', today));
  const [target, setTarget] = useState<Target>('all');
  const [vehicleIds, setVehicleIds] = useState<string[]>([]);
  const [rotationId, setRotationId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [preview, setPreview] = useState<TPlanningPreview | null>(null);
  const [createPast, setCreatePast] = useState(false);
  const initialKey = initialVehicleIds.join(',');
  const todayTime = today.getTime();

  useEffect(() => {
    if (!opened) return;
    setPeriod(presetPeriod('ThisMonth', new Date(todayTime)));
    setTarget(initialKey ? 'vehicles' : 'all');
    setVehicleIds(initialKey ? initialKey.split(',') : []);
    setRotationId(null);
    setTried(false);
    setPreview(null);
    setCreatePast(false);
  }, [opened, todayTime, initialKey]);

  const vehicles = useQuery({
    queryKey: [...vehicleKeys.picker(parkId), null, null],
    queryFn: ({ signal }) => vehiclesApi.list({ park_id: parkId, page: 1, itemPerPage: ALL_VEHICLES }, signal),
    enabled: opened && target === 'vehicles',
  });
  const rotationGroups = useRotationGroups(parkId, opened && target === 'rotation');
  // Only vehicles whose work planning is configured can be planned.
  const vehicleOptions = useMemo(
    () => (vehicles.data?.items ?? []).filter((v) => v.has_config || vehicleIds.includes(v.id)).map((v) => ({ value: v.id, label: vehicleLabel(v) })),
    [vehicles.data, vehicleIds],
  );

  const periodError = periodFits(period) ? null : PLANNING_MESSAGES.periodTooLong;
  const vehiclesError = target === 'vehicles' && vehicleIds.length === 0 ? PLANNING_MESSAGES.vehiclesRequired : null;
  const rotationError = target === 'rotation' && !rotationId ? ROTATION_GROUP_REQUIRED : null;

  const generate = useMutation({ mutationFn: (body: TPlanningGenerateInput) => planningApi.generate(body) });
  const chosen = target === 'vehicles' ? vehicleIds : [];
  const confirm = useMutation({
    mutationFn: (p: TPlanningPreview) => planningApi.confirm({ ...confirmBody(p, chosen), create_past_recipes: createPast && p.past_recipes.count > 0 }),
    onSuccess: (r) => {
      // One toast at a time: the recipes created say so in the same one.
      toast.success(r.past_recipes.count > 0 ? `${PLANNING_SUCCESS.confirmed} : ${pastRecipesCreated(r.past_recipes.count)}` : PLANNING_SUCCESS.confirmed);
      for (const key of invalidatedByConfirm) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
    },
  });

  const submit = () => {
    setTried(true);
    if (periodError || vehiclesError || rotationError) return;
    const body: TPlanningGenerateInput = {
      ...periodQuery(period),
      ...(target === 'vehicles' ? { vehicle_ids: vehicleIds } : {}),
      ...(target === 'rotation' && rotationId ? { rotation_group_id: rotationId } : {}),
    };
    generate.mutate(body, {
      onSuccess: (p) => {
        setCreatePast(false);
        setPreview(p);
      },
    });
  };

  const onPeriod = (range: DateRange) => setPeriod(range.start && range.end ? { start: range.start, end: range.end } : presetPeriod('ThisMonth', today));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={preview ? 'Aperçu du planning' : 'Générer le planning'}
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={!confirm.isPending}
      data-testid="planning-generate-dialog"
    >
      {preview ? (
        <PreviewBody
          preview={preview}
          canConfirm={confirmVehicleIds(preview, chosen).length > 0}
          confirming={confirm.isPending}
          createPast={createPast}
          onCreatePast={setCreatePast}
          onBack={() => setPreview(null)}
          onConfirm={() => confirm.mutate(preview)}
        />
      ) : (
        <Stack gap="md">
          <DateRangePicker label="Période" value={period} onChange={onPeriod} error={periodError} testId="planning-generate-period" />
          <Radio.Group label="Véhicules à planifier" value={target} onChange={(v) => setTarget(v as Target)} data-testid="planning-generate-target">
            <Stack gap="xs" mt={6}>
              <Radio value="all" label="Tous les véhicules configurés" data-testid="planning-generate-target-all" />
              <Radio value="vehicles" label="Choisir des véhicules" data-testid="planning-generate-target-vehicles" />
              <Radio value="rotation" label="Un groupe de rotation" data-testid="planning-generate-target-rotation" />
            </Stack>
          </Radio.Group>
          {target === 'vehicles' ? (
            <MultiSelect
              label="Véhicules"
              description="Seuls les véhicules dont le planning de travail est configuré sont proposés."
              placeholder={vehicleIds.length ? undefined : 'Choisissez les véhicules'}
              data={vehicleOptions}
              value={vehicleIds}
              onChange={setVehicleIds}
              searchable
              hidePickedOptions
              nothingFoundMessage={vehicles.isPending ? 'Chargement…' : 'Aucun véhicule configuré'}
              error={(tried ? vehiclesError : null) ?? (vehicles.isError ? vehicles.error.message : undefined)}
              comboboxProps={{ withinPortal: true }}
              data-testid="planning-generate-vehicles"
            />
          ) : null}
          {target === 'rotation' ? (
            <Select
              label="Groupe de rotation"
              placeholder="Choisissez un groupe"
              data={(rotationGroups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.vehicles.length} véhicule${g.vehicles.length > 1 ? 's' : ''})` }))}
              value={rotationId}
              onChange={setRotationId}
              searchable
              nothingFoundMessage={rotationGroups.isPending ? 'Chargement…' : 'Aucun groupe de rotation'}
              error={(tried ? rotationError : null) ?? (rotationGroups.isError ? rotationGroups.error.message : undefined)}
              comboboxProps={{ withinPortal: true }}
              data-testid="planning-generate-rotation"
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button onClick={submit} loading={generate.isPending} data-testid="planning-generate-submit">
              Générer
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The toast after a confirmation that created past days' recipes. */
export const pastRecipesCreated = (n: number) => `${n} recette${n > 1 ? 's' : ''} des jours passés créée${n > 1 ? 's' : ''}`;

interface PreviewBodyProps {
  preview: TPlanningPreview;
  canConfirm: boolean;
  confirming: boolean;
  /** 'Créer les recettes des jours passés', off by default. */
  createPast: boolean;
  onCreatePast: (v: boolean) => void;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The preview: counts, the conflicts in orange with their French messages, the vehicles without
 * planning, and the entries by day. A day's entries render only when it is opened: a large park
 * previews tens of thousands of entries.
 */
function PreviewBody({ preview, canConfirm, confirming, createPast, onCreatePast, onBack, onConfirm }: PreviewBodyProps) {
  const byDay = useMemo(() => groupEntriesByDay(preview.entries), [preview.entries]);
  const days = useMemo(() => [...byDay.keys()].sort(), [byDay]);
  const conflictDays = useMemo(() => conflictsByDay(preview.conflicts.slice(0, CONFLICTS_SHOWN)), [preview.conflicts]);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const vehicleCount = new Set(preview.entries.map((e) => e.vehicle.id)).size;
  const hidden = preview.conflicts.length - CONFLICTS_SHOWN;

  return (
    <Stack gap="md" data-testid="planning-preview">
      <Group gap="xs">
        <Badge variant="light" tt="none" data-testid="planning-preview-count">
          {preview.entries.length} entrée{preview.entries.length > 1 ? 's' : ''}
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {vehicleCount} véhicule{vehicleCount > 1 ? 's' : ''}
        </Badge>
        {preview.conflicts.length ? (
          <Badge variant="light" color="orange" tt="none">
            {preview.conflicts.length} conflit{preview.conflicts.length > 1 ? 's' : ''}
          </Badge>
        ) : null}
      </Group>

      {preview.conflicts.length ? (
        <Alert color="orange" title="Conflits" data-testid="planning-preview-conflicts">
          <ScrollArea.Autosize mah={170} type="auto">
            <Stack gap="xs">
              {conflictDays.map(([day, list]) => (
                <div key={day}>
                  <Text size="xs" fw={700}>
                    {longDay(fromDayString(day) ?? new Date())}
                  </Text>
                  {list.map((c, i) => (
                    <Text key={`${c.vehicle.id}-${c.driver?.id ?? ''}-${i}`} size="sm" data-testid="planning-preview-conflict">
                      <Text span fw={600} size="sm">
                        {vehicleLabel(c.vehicle)}
                      </Text>{' '}
                      : {c.message}
                      {c.replaced_by && !c.message.includes(driverName(c.replaced_by)) ? ` (remplacé par ${driverName(c.replaced_by)})` : ''}
                    </Text>
                  ))}
                </div>
              ))}
              {hidden > 0 ? (
                <Text size="sm" fw={600}>
                  … et {hidden} autre{hidden > 1 ? 's' : ''}
                </Text>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Alert>
      ) : null}

      {preview.vehicles_without_planning.length ? (
        <Alert color="gray" title="Véhicules sans planning" data-testid="planning-preview-unplanned">
          <Stack gap={2}>
            {preview.vehicles_without_planning.map((v) => (
              <Text key={v.vehicle.id} size="sm">
                {vehicleLabel(v.vehicle)} : {v.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {days.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="planning-preview-empty">
          Aucune entrée à planifier sur cette période.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="36vh" type="auto" offsetScrollbars>
          <Stack gap={4} data-testid="planning-preview-days">
            {days.map((day) => {
              const list = byDay.get(day) ?? [];
              const open = openDay === day;
              return (
                <Box key={day} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}>
                  <UnstyledButton
                    onClick={() => setOpenDay(open ? null : day)}
                    aria-expanded={open}
                    w="100%"
                    px="sm"
                    py={6}
                    data-testid="planning-preview-day"
                    data-day={day}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {longDay(fromDayString(day) ?? new Date())}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {list.length} entrée{list.length > 1 ? 's' : ''} {open ? '▴' : '▾'}
                      </Text>
                    </Group>
                  </UnstyledButton>
                  {open ? (
                    <Stack gap={4} p="xs" pt={0}>
                      {list.map((e) => (
                        <PlanningEntryCard key={entryKey(e)} entry={e} />
                      ))}
                    </Stack>
                  ) : null}
                </Box>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}

      {preview.past_recipes.count > 0 ? (
        <PastRecipesChoice count={preview.past_recipes.count} total={preview.past_recipes.total} checked={createPast} disabled={confirming} onChange={onCreatePast} />
      ) : null}

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onBack} disabled={confirming} data-testid="planning-preview-back">
          Modifier
        </Button>
        <Button onClick={onConfirm} loading={confirming} disabled={!canConfirm} data-testid="planning-confirm">
          Confirmer le planning
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The explicit back-charging: the recipe job never creates the recipes of days before the planning
 * was confirmed; the owner may ask for them here, seeing first how many and how much.
 */
function PastRecipesChoice({ count, total, checked, disabled, onChange }: { count: number; total: number; checked: boolean; disabled: boolean; onChange: (v: boolean) => void }) {
  return (
    <Box
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="planning-past-recipes"
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label="Créer les recettes des jours passés"
        description={
          <>
            <Text span inherit fw={600} data-testid="planning-past-recipes-summary">
              {count} recette{count > 1 ? 's' : ''}, <Money amount={total} />
            </Text>{' '}
            dues par les chauffeurs planifiés ces jours-là. Sans cette case, les recettes ne sont créées qu'à partir d'aujourd'hui.
          </>
        }
        data-testid="planning-past-recipes-checkbox"
      />
    </Box>
  );
}
