import { useEffect, useState } from 'react';
import { Avatar, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { RECIPE_COLLECTION_MESSAGES as M, type TRecipe } from '@flotte/contract/recipes';
import { AccessDenied } from '../../ui/AccessDenied.tsx';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { Money } from '../../ui/Money.tsx';
import { toast } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { useRefreshAfterRecipes } from './queries.ts';
import { changeDriverError, COLLECTION_MODE_LABELS, decreasedObjective, decreaseError, deleteError, recipeAbilities, type CollectionMode } from './recipe-actions.ts';
import { dayText, periodText, personName, RECIPE_KIND_LABELS, recipeVehicleName } from './recipe-display.ts';
import { RecipePaymentForm } from './RecipePaymentForm.tsx';
import { recipesApi } from './recipes-api.ts';

type View = 'main' | 'delete' | 'change-driver';

export interface RecipeCollectionDialogProps {
  /** The unpaid recipe clicked, or null (closed). */
  recipe: TRecipe | null;
  onClose: () => void;
}

/**
 * The recipe collection dialog (spec 001 sections 2.4, 5, 6): collect the recipe (encaiss mode,
 * the payment form for this one recipe) or lower its objective (decrease mode,
 * MANAGE_AND_UPDATE_RECIPE), and the actions delete (a reason, DELETE_OR_CANCEL_RECIPE) and change
 * driver (MANAGE_AND_UPDATE_RECIPE). Without ENCAISSER it shows a no-access message.
 */
export function RecipeCollectionDialog({ recipe, onClose }: RecipeCollectionDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const { can, ready } = usePermissions();
  const abilities = recipeAbilities(can);
  const refresh = useRefreshAfterRecipes();
  const [mode, setMode] = useState<CollectionMode>('encaiss');
  const [view, setView] = useState<View>('main');
  const [decrease, setDecrease] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [newDriver, setNewDriver] = useState<PickedDriver | null>(null);
  const [picking, setPicking] = useState(false);
  const opened = recipe !== null;

  useEffect(() => {
    setMode('encaiss');
    setView('main');
    setDecrease(null);
    setReason('');
    setNewDriver(null);
  }, [recipe?.id]);

  const done = (message: string) => {
    toast.success(message);
    void refresh();
    onClose();
  };
  const manage = useMutation({ mutationFn: (amount: number) => recipesApi.manage({ recette_id: recipe!.id, amount, reduce: true }), onSuccess: () => done(M.objectiveUpdated) });
  const remove = useMutation({ mutationFn: (comment: string) => recipesApi.remove(recipe!.id, comment.trim()), onSuccess: () => done(M.deleted) });
  const changeDriver = useMutation({ mutationFn: (driverId: string) => recipesApi.changeDriver({ recipe_id: recipe!.id, driver_id: driverId }), onSuccess: () => done(M.driverChanged) });

  if (!recipe) return null;

  const submitDecrease = () => {
    const failed = decreaseError(recipe, decrease);
    if (failed) toast.error(failed);
    else manage.mutate(decrease!);
  };
  const submitDelete = () => {
    const failed = deleteError(reason);
    if (failed) toast.error(failed);
    else remove.mutate(reason);
  };
  const submitChange = () => {
    const failed = changeDriverError(newDriver?.id, recipe.driver.id);
    if (failed) toast.error(failed);
    else changeDriver.mutate(newDriver!.id);
  };

  const title = view === 'delete' ? 'Supprimer la recette' : view === 'change-driver' ? 'Changer de chauffeur' : 'Encaissement de la recette';
  const modes = (['encaiss', 'decrease'] as const).filter((m) => m === 'encaiss' || abilities.decrease);
  const period = periodText(recipe);

  return (
    <>
      <Modal opened={opened && !picking} onClose={onClose} title={title} size="md" fullScreen={fullScreen} data-testid="recipe-collection-dialog">
        {ready && !abilities.collect ? (
          <AccessDenied backHome={false} />
        ) : (
          <Stack gap="md">
            <Paper withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap">
                <Avatar src={recipe.driver.image} radius="xl" name={personName(recipe.driver)} color="initials" />
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm" truncate data-testid="recipe-collection-driver">
                    {personName(recipe.driver)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {[dayText(recipe.date), recipeVehicleName(recipe.vehicle), recipe.kind !== 'expected' ? RECIPE_KIND_LABELS[recipe.kind] : null].filter(Boolean).join(' · ')}
                  </Text>
                  {period ? (
                    <Text size="xs" c="dimmed">
                      {period}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              <SimpleGrid cols={3} spacing="xs" mt="sm">
                <Figure label="Objectif" amount={recipe.objective} />
                <Figure label="Encaissé" amount={recipe.actual_recipe} />
                <Figure label="Reste" amount={recipe.toEncaiss} strong testId="recipe-collection-remaining" />
              </SimpleGrid>
            </Paper>

            {view === 'main' ? (
              <>
                {modes.length > 1 ? (
                  <SegmentedControl
                    fullWidth
                    value={mode}
                    onChange={(v) => setMode(v as CollectionMode)}
                    data={modes.map((m) => ({ value: m, label: COLLECTION_MODE_LABELS[m] }))}
                    data-testid="recipe-collection-mode"
                  />
                ) : null}
                {mode === 'encaiss' ? (
                  <RecipePaymentForm recipes={[recipe]} active={opened} onCollected={onClose} onMobileCompleted={onClose} />
                ) : (
                  <Stack gap="sm">
                    <AmountInput
                      label="Montant à retirer de l'objectif"
                      description={
                        <>
                          Nouvel objectif : <Money amount={decreasedObjective(recipe, decrease)} fw={600} />
                        </>
                      }
                      value={decrease}
                      onChange={setDecrease}
                      required
                      testId="recipe-decrease-amount"
                    />
                    <Button fullWidth onClick={submitDecrease} loading={manage.isPending} data-testid="recipe-decrease-submit">
                      Mettre à jour l'objectif
                    </Button>
                  </Stack>
                )}
                {abilities.changeDriver || abilities.delete ? (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    {abilities.changeDriver ? (
                      <Button variant="default" onClick={() => setView('change-driver')} data-testid="recipe-change-driver">
                        Changer de chauffeur
                      </Button>
                    ) : null}
                    {abilities.delete ? (
                      <Button variant="light" color="red" onClick={() => setView('delete')} data-testid="recipe-delete">
                        Supprimer
                      </Button>
                    ) : null}
                  </SimpleGrid>
                ) : null}
              </>
            ) : null}

            {view === 'delete' ? (
              <Stack gap="sm">
                <Textarea
                  label="Motif de la suppression"
                  autosize
                  minRows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  withAsterisk
                  data-autofocus
                  data-testid="recipe-delete-reason"
                />
                <Group grow gap="sm">
                  <Button variant="default" onClick={() => setView('main')}>
                    Annuler
                  </Button>
                  <Button color="red" onClick={submitDelete} loading={remove.isPending} data-testid="recipe-delete-confirm">
                    Supprimer
                  </Button>
                </Group>
              </Stack>
            ) : null}

            {view === 'change-driver' ? (
              <Stack gap="sm">
                <Text size="sm">
                  Chauffeur actuel : <b>{personName(recipe.driver)}</b>
                </Text>
                <Button variant="default" justify="space-between" onClick={() => setPicking(true)} data-testid="recipe-new-driver">
                  {newDriver ? personName(newDriver) : 'Choisir le nouveau chauffeur'}
                </Button>
                <Group grow gap="sm">
                  <Button variant="default" onClick={() => setView('main')}>
                    Annuler
                  </Button>
                  <Button onClick={submitChange} loading={changeDriver.isPending} data-testid="recipe-change-driver-confirm">
                    Confirmer
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Stack>
        )}
      </Modal>
      <DriverPicker
        opened={opened && picking}
        onClose={() => setPicking(false)}
        value={newDriver ? [newDriver.id] : undefined}
        excludeIds={[recipe.driver.id]}
        onConfirm={(picked) => {
          setNewDriver(picked[0] ?? null);
          setPicking(false);
        }}
      />
    </>
  );
}

function Figure({ label, amount, strong = false, testId }: { label: string; amount: number; strong?: boolean; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Money amount={amount} size="sm" fw={strong ? 700 : 500} data-testid={testId} />
    </Stack>
  );
}
