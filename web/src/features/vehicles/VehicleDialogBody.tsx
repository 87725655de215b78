import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Box, Button, CloseButton, Group, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';
import { CONFIG_MESSAGES, type TRecipeConfigParsed, type TVehicleDetail, type TVehicleInputParsed } from '@flotte/contract/vehicles';
import { ApiError } from '../../api/api-error.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { vehicleDocumentKeys } from '../vehicle-documents/queries.ts';
import { GENERAL_FIELDS, generalDefaults, generalFormData, generalResolver, type GeneralFormValues } from './general-form.ts';
import { GeneralSection, type GeneralImages } from './GeneralSection.tsx';
import { parsePlanning, planningDefaults, planningFromView, planningIssues, type PlanningDriver, type PlanningValues } from './planning-form.ts';
import { PlanningSection } from './PlanningSection.tsx';
import { useVehicleAllData, vehicleKeys } from './queries.ts';
import { RECIPE_FIELDS, recipeDefaults, recipeFromView, recipeResolver, type RecipeFormValues } from './recipe-form.ts';
import { RecipeSection } from './RecipeSection.tsx';
import type { VehicleDialogMode, VehicleSection } from './VehicleDialog.tsx';
import { VehicleOutcome } from './VehicleOutcome.tsx';
import { vehiclesApi } from './vehicles-api.ts';
import { subscriptionRefusal } from '../subscription/subscription-limit.ts';

// Shown only when the subscription refuses a vehicle: downloaded then, not with the form.
const VehicleLimitAlert = lazy(() => import('../subscription/VehicleLimitAlert.tsx').then((m) => ({ default: m.VehicleLimitAlert })));

type Stage = 1 | 2 | 3 | 'created' | 'updated';

// The title and the buttons stay in view while the long sections scroll (phones especially).
const STICKY = { position: 'sticky', zIndex: 3, background: 'var(--mantine-color-body)' } as const;
const BORDER = '1px solid var(--mantine-color-default-border)';

const SECTION_TITLES: Record<VehicleSection, string> = {
  general: 'Modifier les informations du véhicule',
  planning: 'Configurer le planning de travail',
  recipe: 'Configurer les recettes',
};
/** Spec 000 section 8: what a failed save says when the server gives no better reason. */
const CREATE_FAILED = "Erreur lors de l'ajout du véhicule";
const UPDATE_FAILED = 'Erreur lors de la mise à jour du véhicule';

/** The server's refusal of a planning, in words fit for the alert above the cards. */
function planningRefusal(error: unknown): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors.find((f) => f.field.startsWith('config'));
    return field?.message ?? error.message;
  }
  return UPDATE_FAILED;
}

/** The server names a section's fields 'recipes.amount'; the form knows them as 'amount'. */
function stripFieldPrefix(error: ApiError, prefix: string): ApiError {
  const fieldErrors = error.fieldErrors.map((f) => ({ ...f, field: f.field.startsWith(prefix) ? f.field.slice(prefix.length) : f.field }));
  return new ApiError({ code: error.code, status: error.status, message: error.message, fieldErrors });
}

/**
 * A failure with nothing to put under a field: a refusal the server explains (4xx) in its words,
 * anything else (server trouble, no network) as the spec's save error.
 */
function toastSaveError(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) toastApiError(error);
  else toast.error(fallback);
}

export function VehicleDialogBody({ mode, onClose, onCreated }: { mode: VehicleDialogMode; onClose: () => void; onCreated?: (id: string) => void }) {
  const { parkId } = useSession();
  const queryClient = useQueryClient();
  const updating = mode.kind === 'update' ? mode.section : null;
  const [stage, setStage] = useState<Stage>(updating === 'planning' ? 2 : updating === 'recipe' ? 3 : 1);
  const [vehicleId, setVehicleId] = useState<string | null>(mode.kind === 'update' ? mode.vehicleId : null);
  const [created, setCreated] = useState<TVehicleDetail | null>(null);
  const existing = useVehicleAllData(mode.kind === 'update' ? mode.vehicleId : null);

  const general = useForm<GeneralFormValues, unknown, TVehicleInputParsed>({ resolver: generalResolver, defaultValues: generalDefaults() });
  const [images, setImages] = useState<GeneralImages>({ files: [], existing: [] });
  /** The stored paths of the images the vehicle has on the server, to tell whether the person removed one. */
  const [savedPaths, setSavedPaths] = useState<string[]>([]);
  const showSaved = (v: { images: string[]; image_paths: string[] }) => {
    setImages({ files: [], existing: v.images.map((url, i) => ({ url, path: v.image_paths[i] ?? url })) });
    setSavedPaths(v.image_paths);
  };
  const [planning, setPlanning] = useState<PlanningValues>(planningDefaults);
  const [drivers, setDrivers] = useState<Map<string, PlanningDriver>>(() => new Map());
  const [attempted, setAttempted] = useState(false);
  const [planningError, setPlanningError] = useState<string | null>(null);
  /** The subscription's refusal of one more vehicle (issue 23): its message and a link to raise the count. */
  const [limitError, setLimitError] = useState<string | null>(null);
  const recipe = useForm<RecipeFormValues, unknown, TRecipeConfigParsed>({ resolver: recipeResolver, defaultValues: recipeDefaults() });

  // Update mode: the sections start from what is saved, once it has arrived.
  const [loaded, setLoaded] = useState(mode.kind === 'create');
  useEffect(() => {
    const data = existing.data;
    if (loaded || !data) return;
    general.reset(generalDefaults(data));
    showSaved(data);
    if (data.config) {
      const view = planningFromView(data.config);
      setPlanning(view.values);
      setDrivers(new Map(view.drivers.map((d) => [d.id, d])));
    }
    if (data.recipe) recipe.reset(recipeFromView(data.recipe));
    setLoaded(true);
  }, [existing.data, loaded, general, recipe]);

  const issues = useMemo(() => planningIssues(planning), [planning]);

  const refresh = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    void queryClient.invalidateQueries({ queryKey: vehicleDocumentKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['drivers'] }); // their current vehicle follows the planning
    void queryClient.invalidateQueries({ queryKey: vehicleKeys.allData(id) });
  };

  const createVehicle = useMutation({ mutationFn: (body: FormData) => vehiclesApi.create(body), meta: { errorToast: false } });
  const saveGeneral = useMutation({ mutationFn: ({ id, body }: { id: string; body: FormData }) => vehiclesApi.updateGeneral(id, body), meta: { errorToast: false } });
  const savePlanning = useMutation({
    mutationFn: ({ id, config }: { id: string; config: NonNullable<ReturnType<typeof parsePlanning>> }) => vehiclesApi.updatePlanning(id, config),
    meta: { errorToast: false },
  });
  const saveRecipe = useMutation({ mutationFn: ({ id, recipes }: { id: string; recipes: TRecipeConfigParsed }) => vehiclesApi.updateRecipe(id, recipes), meta: { errorToast: false } });
  const busy = createVehicle.isPending || saveGeneral.isPending || savePlanning.isPending || saveRecipe.isPending;

  // ------------------------------------------------------------ actions

  const imagesChanged = () => {
    const kept = images.existing.map((e) => e.path);
    return kept.length !== savedPaths.length || kept.some((p, i) => p !== savedPaths[i]);
  };

  const submitGeneral = general.handleSubmit(async (values) => {
    setLimitError(null);
    const update = vehicleId !== null;
    try {
      if (!update) {
        const vehicle = await createVehicle.mutateAsync(generalFormData(values, images.files, { parkId }));
        toast.success(SUCCESS_MESSAGES.VEHICLE_ADDED);
        setCreated(vehicle);
        setVehicleId(vehicle.id);
        // The wizard goes on with the saved vehicle: its photos are now stored ones.
        showSaved(vehicle);
        general.reset(generalDefaults(vehicle));
        refresh(vehicle.id);
        onCreated?.(vehicle.id);
        setStage('created');
        return;
      }
      if (general.formState.isDirty || images.files.length > 0 || updating === 'general' || imagesChanged()) {
        const body = generalFormData(values, images.files, { update: true, keptImages: images.existing.map((e) => e.path) });
        const data = await saveGeneral.mutateAsync({ id: vehicleId, body });
        showSaved(data);
        general.reset(generalDefaults(data));
        refresh(vehicleId);
        if (updating === 'general') {
          toast.success(SUCCESS_MESSAGES.VEHICLE_UPDATED);
          setStage('updated');
          return;
        }
      }
      setStage(2);
    } catch (error) {
      const refusal = subscriptionRefusal(error);
      if (refusal) setLimitError(refusal);
      else if (error instanceof ApiError && error.fieldErrors.length) showFormError(error, general.setError, {}, GENERAL_FIELDS);
      else toastSaveError(error, update ? UPDATE_FAILED : CREATE_FAILED);
    }
  });

  /** Step 2 'Suivant' and the planning update's 'Confirmer': the contract's verdict first. */
  const checkPlanning = () => {
    setAttempted(true);
    const parsed = parsePlanning(planning);
    if (!parsed) {
      // Spec 000 section 5: a driver card's error reads as the profile validation failure.
      const paths = [...issues.keys()];
      toast.error(paths.some((p) => p.startsWith('profiles.')) ? CONFIG_MESSAGES.profilesInvalid : (issues.values().next().value ?? CONFIG_MESSAGES.profilesInvalid));
    }
    return parsed;
  };

  const submitPlanningOnly = async () => {
    const config = checkPlanning();
    if (!config || !vehicleId) return;
    try {
      setPlanningError(null);
      await savePlanning.mutateAsync({ id: vehicleId, config });
      toast.success(SUCCESS_MESSAGES.VEHICLE_UPDATED);
      refresh(vehicleId);
      setStage('updated');
    } catch (error) {
      setPlanningError(planningRefusal(error));
    }
  };

  const submitRecipe = recipe.handleSubmit(async (recipes) => {
    if (!vehicleId) return;
    // The wizard applies both sections at the end; the update mode only the recipe.
    if (updating !== 'recipe') {
      const config = checkPlanning();
      if (!config) {
        setStage(2);
        return;
      }
      try {
        setPlanningError(null);
        await savePlanning.mutateAsync({ id: vehicleId, config });
      } catch (error) {
        setPlanningError(planningRefusal(error));
        setStage(2);
        return;
      }
    }
    try {
      await saveRecipe.mutateAsync({ id: vehicleId, recipes });
      toast.success(SUCCESS_MESSAGES.VEHICLE_UPDATED);
      refresh(vehicleId);
      setStage('updated');
    } catch (error) {
      refresh(vehicleId); // the planning may be saved already
      if (error instanceof ApiError && error.fieldErrors.length) showFormError(stripFieldPrefix(error, 'recipes.'), recipe.setError, {}, RECIPE_FIELDS);
      else toastSaveError(error, UPDATE_FAILED);
    }
  });

  // ------------------------------------------------------------ layout

  if (stage === 'created' || stage === 'updated') {
    return (
      <VehicleOutcome
        kind={stage}
        vehicle={created}
        onConfigure={() => setStage(2)}
        onClose={onClose}
      />
    );
  }

  const title = updating ? SECTION_TITLES[updating] : 'Ajouter un véhicule';
  const loading = !loaded && (existing.isPending || existing.isError);
  return (
    <Stack gap={0} data-testid="vehicle-form">
      <Group justify="space-between" wrap="nowrap" px="md" py="sm" style={{ ...STICKY, top: 0, borderBottom: BORDER }}>
        <Title order={2} fz="h4" data-testid="vehicle-dialog-title">
          {title}
        </Title>
        <CloseButton onClick={onClose} aria-label="Fermer" disabled={busy} />
      </Group>

      <Box p="md">
        {updating ? null : (
          <Stepper active={(stage as number) - 1} size="sm" mb="lg" allowNextStepsSelect={false}>
            <Stepper.Step label="Informations générales" />
            <Stepper.Step label="Planning de travail" />
            <Stepper.Step label="Recettes" />
          </Stepper>
        )}
        {loading ? (
          existing.isError ? (
            <Text c="red" size="sm">
              {existing.error.message}
            </Text>
          ) : (
            <Skeleton h={420} radius="md" />
          )
        ) : stage === 1 ? (
          <form id="vehicle-general-form" onSubmit={submitGeneral} noValidate>
            {limitError ? (
              <Suspense fallback={null}>
                <VehicleLimitAlert message={limitError} onFollow={onClose} />
              </Suspense>
            ) : null}
            <GeneralSection form={general} parkId={parkId ?? ''} images={images} onImagesChange={setImages} />
          </form>
        ) : stage === 2 ? (
          <PlanningSection
            values={planning}
            onChange={(v) => {
              setPlanning(v);
              setPlanningError(null);
            }}
            drivers={drivers}
            onDriverPicked={(d) => setDrivers((m) => new Map(m).set(d.id, d))}
            issues={issues}
            attempted={attempted}
            serverError={planningError}
          />
        ) : (
          <form id="vehicle-recipe-form" onSubmit={submitRecipe} noValidate>
            <RecipeSection form={recipe} />
          </form>
        )}
      </Box>

      <Group justify="flex-end" gap="sm" px="md" py="sm" style={{ ...STICKY, bottom: 0, borderTop: BORDER }}>
        {updating ? (
          <Button
            loading={busy}
            disabled={loading}
            onClick={() => (stage === 1 ? void submitGeneral() : stage === 2 ? void submitPlanningOnly() : void submitRecipe())}
            data-testid="vehicle-confirm"
          >
            Confirmer
          </Button>
        ) : stage === 1 ? (
          <Button type="submit" form="vehicle-general-form" loading={busy} data-testid="vehicle-create">
            {vehicleId ? 'Suivant' : 'Créer le véhicule'}
          </Button>
        ) : stage === 2 ? (
          <>
            <Button variant="default" onClick={() => setStage(1)} disabled={busy} data-testid="vehicle-previous">
              Précédent
            </Button>
            <Button onClick={() => checkPlanning() && setStage(3)} data-testid="vehicle-next">
              Suivant
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={() => setStage(2)} disabled={busy} data-testid="vehicle-previous">
              Précédent
            </Button>
            <Button type="submit" form="vehicle-recipe-form" loading={busy} data-testid="vehicle-apply">
              Appliquer la configuration
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
