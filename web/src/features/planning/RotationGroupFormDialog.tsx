import { useEffect, useMemo, useState } from 'react';
import { Button, CloseButton, Group, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLANNING_SUCCESS, ROTATION_PLANNINGS, type TRotationPlanning } from '@flotte/contract/planning';
import { ApiError } from '../../api/api-error.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { driversApi, type DriverSummary } from '../drivers/drivers-api.ts';
import { driverKeys } from '../drivers/queries.ts';
import { useVehicleGroups } from '../vehicle-groups/queries.ts';
import { vehicleKeys } from '../vehicles/queries.ts';
import { vehiclesApi } from '../vehicles/vehicles-api.ts';
import { driverName, vehicleLabel } from './planning-entries.ts';
import { planningApi } from './planning-api.ts';
import type { TRotationGroup } from './planning-types.ts';
import { planningKeys, useRotationGroups } from './queries.ts';
import {
  addGroupVehicles,
  EMPTY_ROW,
  ROTATION_PLANNING_LABELS,
  rotationBody,
  rotationDefaults,
  rotationIssues,
  vehiclesInOtherGroups,
  type RotationFormValues,
  type RotationVehicleRow,
} from './rotation-form.ts';

export interface RotationGroupFormDialogProps {
  opened: boolean;
  /** null creates a group. */
  group: TRotationGroup | null;
  parkId: string;
  onClose: () => void;
}

/** A park has tens of vehicles and drivers, rarely hundreds: one page of 1000 holds them all. */
const ALL = 1000;
const PLANNING_OPTIONS = ROTATION_PLANNINGS.map((p) => ({ value: p, label: ROTATION_PLANNING_LABELS[p] }));

/**
 * 'Nouveau groupe de rotation' / 'Modifier le groupe de rotation': name, vehicle group (optional,
 * which lists its vehicles), planning cadence, checking and collection, and each vehicle with its
 * principal and interim driver.
 */
export function RotationGroupFormDialog({ opened, group, parkId, onClose }: RotationGroupFormDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const [values, setValues] = useState<RotationFormValues>(() => rotationDefaults(group));
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    if (!opened) return;
    setValues(rotationDefaults(group));
    setTried(false);
    setServerIssues(new Map());
  }, [opened, group]);

  const vehicleGroups = useVehicleGroups(opened ? parkId : null);
  const rotationGroups = useRotationGroups(parkId, opened);
  const vehicles = useQuery({
    queryKey: [...vehicleKeys.picker(parkId), null, null],
    queryFn: ({ signal }) => vehiclesApi.list({ park_id: parkId, page: 1, itemPerPage: ALL }, signal),
    enabled: opened,
  });
  const drivers = useQuery({
    queryKey: driverKeys.picker(parkId, true),
    queryFn: ({ signal }) => driversApi.list<DriverSummary>({ park_id: parkId, page: 1, itemPerPage: ALL, can_assign: true }, signal),
    enabled: opened,
  });

  const taken = useMemo(() => vehiclesInOtherGroups(rotationGroups.data ?? [], group?.id ?? null), [rotationGroups.data, group]);
  const vehicleLabels = useMemo(() => {
    const map = new Map<string, string>();
    for (const v of group?.vehicles ?? []) map.set(v.vehicle.id, vehicleLabel(v.vehicle));
    for (const v of vehicles.data?.items ?? []) map.set(v.id, vehicleLabel(v));
    return new Map([...map].sort((a, b) => a[1].localeCompare(b[1], 'fr')));
  }, [vehicles.data, group]);
  const driverOptions = useMemo(() => {
    const map = new Map<string, string>();
    // The group's own drivers stay choosable even when no longer assignable (suspended ...).
    for (const v of group?.vehicles ?? []) {
      if (v.principal_driver) map.set(v.principal_driver.id, driverName(v.principal_driver));
      if (v.interim_driver) map.set(v.interim_driver.id, driverName(v.interim_driver));
    }
    for (const d of drivers.data?.items ?? []) map.set(d.id, driverName(d));
    return [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  }, [drivers.data, group]);

  const issues = useMemo(() => rotationIssues(values), [values]);
  const issue = (path: string) => serverIssues.get(path) ?? (tried ? issues.get(path) : undefined);

  const save = useMutation({
    mutationFn: (v: RotationFormValues) => planningApi.saveRotationGroup(rotationBody(v, group?.id ?? null)),
    meta: { errorToast: false },
  });

  const set = (patch: Partial<RotationFormValues>) => {
    setServerIssues(new Map());
    setValues((v) => ({ ...v, ...patch }));
  };
  const setRow = (index: number, patch: Partial<RotationVehicleRow>) =>
    set({ vehicles: values.vehicles.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const removeRow = (index: number) => {
    const rest = values.vehicles.filter((_, i) => i !== index);
    set({ vehicles: rest.length ? rest : [{ ...EMPTY_ROW }] });
  };
  const chooseVehicleGroup = (id: string | null) => {
    const chosen = vehicleGroups.data?.find((g) => g.id === id);
    set({ group_id: id, vehicles: chosen ? addGroupVehicles(values.vehicles, chosen.vehicles.map((v) => v.id), taken) : values.vehicles });
  };

  const submit = async () => {
    setTried(true);
    if (issues.size > 0) return;
    try {
      await save.mutateAsync(values);
      toast.success(group ? PLANNING_SUCCESS.rotationUpdated : PLANNING_SUCCESS.rotationAdded);
      void queryClient.invalidateQueries({ queryKey: planningKeys.all });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        setServerIssues(new Map(error.fieldErrors.map((f) => [f.field, f.message])));
        if (error.fieldErrors.some((f) => !isFormPath(f.field))) toastApiError(error);
      } else toastApiError(error);
    }
  };

  const generalVehiclesIssue = issue('vehicles');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? 'Modifier le groupe de rotation' : 'Nouveau groupe de rotation'}
      size="xl"
      fullScreen={fullScreen}
      data-testid="rotation-dialog"
    >
      <Stack gap="md">
        <TextInput
          label="Nom du groupe"
          withAsterisk
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={issue('name')}
          data-testid="rotation-name"
        />
        <Select
          label="Groupe de véhicules"
          description="Facultatif : ses véhicules sont ajoutés à la liste."
          placeholder="Aucun"
          data={(vehicleGroups.data ?? []).map((g) => ({ value: g.id, label: g.title }))}
          value={values.group_id}
          onChange={chooseVehicleGroup}
          clearable
          searchable
          nothingFoundMessage={vehicleGroups.isPending ? 'Chargement…' : 'Aucun groupe de véhicules'}
          error={issue('group_id')}
          comboboxProps={{ withinPortal: true }}
          data-testid="rotation-vehicle-group"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Planification
          </Text>
          <SegmentedControl
            data={PLANNING_OPTIONS}
            value={values.planning}
            onChange={(v) => set({ planning: v as TRotationPlanning })}
            aria-label="Planification"
            data-testid="rotation-planning"
          />
        </Stack>
        <Group gap="lg">
          <Switch label="Contrôle" checked={values.checking} onChange={(e) => set({ checking: e.currentTarget.checked })} data-testid="rotation-checking" />
          <Switch label="Encaissement" checked={values.collection} onChange={(e) => set({ collection: e.currentTarget.checked })} data-testid="rotation-collection" />
        </Group>

        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Véhicules et chauffeurs
          </Text>
          {values.vehicles.map((row, index) => {
            const elsewhere = new Set(values.vehicles.filter((_, i) => i !== index).map((r) => r.vehicle_id));
            const options = [...vehicleLabels]
              .filter(([id]) => id === row.vehicle_id || (!taken.has(id) && !elsewhere.has(id)))
              .map(([value, label]) => ({ value, label }));
            return (
              <Paper key={index} withBorder p="xs" radius="md" data-testid="rotation-vehicle-row">
                <Group justify="space-between" mb={4} wrap="nowrap">
                  <Text size="xs" c="dimmed" fw={600}>
                    Véhicule {index + 1}
                  </Text>
                  <CloseButton size="sm" aria-label={`Retirer le véhicule ${index + 1}`} onClick={() => removeRow(index)} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                  <Select
                    label="Véhicule"
                    placeholder="Choisissez"
                    data={options}
                    value={row.vehicle_id}
                    onChange={(v) => setRow(index, { vehicle_id: v })}
                    searchable
                    nothingFoundMessage={vehicles.isPending ? 'Chargement…' : 'Aucun véhicule disponible'}
                    error={issue(`vehicles.${index}.vehicle_id`)}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="rotation-vehicle"
                  />
                  <RowDriverSelect
                    label="Chauffeur principal"
                    data={driverOptions}
                    loading={drivers.isPending}
                    value={row.principal_driver_id}
                    onChange={(v) => setRow(index, { principal_driver_id: v })}
                    error={issue(`vehicles.${index}.principal_driver_id`)}
                    testId="rotation-principal"
                  />
                  <RowDriverSelect
                    label="Chauffeur intérimaire"
                    data={driverOptions}
                    loading={drivers.isPending}
                    value={row.interim_driver_id}
                    onChange={(v) => setRow(index, { interim_driver_id: v })}
                    error={issue(`vehicles.${index}.interim_driver_id`)}
                    testId="rotation-interim"
                  />
                </SimpleGrid>
              </Paper>
            );
          })}
          {generalVehiclesIssue ? (
            <Text size="xs" c="red" role="alert" data-testid="rotation-vehicles-error">
              {generalVehiclesIssue}
            </Text>
          ) : null}
          <Button variant="light" onClick={() => set({ vehicles: [...values.vehicles, { ...EMPTY_ROW }] })} data-testid="rotation-add-vehicle" style={{ alignSelf: 'flex-start' }}>
            Ajouter un véhicule
          </Button>
        </Stack>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="rotation-submit">
            {group ? 'Enregistrer' : 'Créer le groupe'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Field paths this form shows next to a field (the others are toasted). */
function isFormPath(field: string): boolean {
  return field === 'name' || field === 'group_id' || field === 'vehicles' || /^vehicles\.\d+\.(vehicle_id|principal_driver_id|interim_driver_id)$/.test(field);
}

/** A vehicle row's principal or interim driver: optional, searchable among the park's drivers. */
function RowDriverSelect(props: {
  label: string;
  data: { value: string; label: string }[];
  loading: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <Select
      label={props.label}
      placeholder="Aucun"
      data={props.data}
      value={props.value}
      onChange={props.onChange}
      clearable
      searchable
      nothingFoundMessage={props.loading ? 'Chargement…' : 'Aucun chauffeur'}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
      data-testid={props.testId}
    />
  );
}
