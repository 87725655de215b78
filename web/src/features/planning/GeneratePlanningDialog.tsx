import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANNING_MESSAGES, PLANNING_SUCCESS } from '@flotte/contract/planning';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { presetPeriod, type DateRange, type Period } from '../../ui/dates/periods.ts';
import { toast } from '../../ui/toast.ts';
import { vehicleKeys } from '../vehicles/queries.ts';
import { vehiclesApi } from '../vehicles/vehicles-api.ts';
import { confirmBody, confirmVehicleIds, vehicleLabel } from './planning-entries.ts';
import { planningApi } from './planning-api.ts';
import type { TPlanningGenerateInput, TPlanningPreview } from './planning-types.ts';
import { PreviewBody } from './PlanningPreview.tsx';
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
