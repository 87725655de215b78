import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RECIPE_COLLECTION_MESSAGES as M, RECIPE_PAGE_SIZE, type TRecipe } from '@flotte/contract/recipes';
import { Money } from '../../ui/Money.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { driverMoneyFields, hasMoney } from './driver-money.ts';
import { recipeKeys } from './queries.ts';
import { dayText, isCollectable, OBJECTIVE_REACHED, RECIPE_KIND_LABELS, RECIPE_STATUS_BADGES, recipeVehicleName } from './recipe-display.ts';
import { pickSelected, proceedLabel, toggleOne, totalRemaining } from './recipe-grouping.ts';
import { RecipeLine } from './RecipeLine.tsx';
import { RecipePaymentForm } from './RecipePaymentForm.tsx';
import { recipesApi } from './recipes-api.ts';

/** The driver record as the detail dialog has it; the money fields are read from it when present. */
export interface DriverRecipesTabProps {
  driver: { id: string } & object;
}

/**
 * The driver detail dialog's 'Recettes' tab (spec 001 section 2.11): his balance and debts, his
 * recipes newest first (20 at a time), and 'Encaisser manuellement' (ENCAISSER) which collects the
 * unpaid ones ticked, in cash, from his balance or by mobile money, inside the tab (no dialog on
 * top of the dialog); a link opens his receipts page.
 */
export function DriverRecipesTab({ driver }: DriverRecipesTabProps) {
  const { can } = usePermissions();
  const canCollect = can('ENCAISSER');
  const canRead = can('VIEW_CASH_COLLECTION');
  const money = driverMoneyFields(driver);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [collecting, setCollecting] = useState<TRecipe[] | null>(null);

  const list = useInfiniteQuery({
    queryKey: recipeKeys.driver(driver.id),
    queryFn: ({ pageParam, signal }) => recipesApi.history({ driver_id: driver.id, page: pageParam, itemPerPage: RECIPE_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.has_more ? last.meta.page + 1 : undefined),
    enabled: canRead,
  });
  const recipes = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flatMap((p) => p.items).filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  }, [list.data]);
  const chosen = pickSelected(recipes, selected);

  if (!canRead) {
    return (
      <Text size="sm" c="dimmed" py="md" data-testid="driver-recipes-denied">
        Vous n'avez pas les permissions nécessaires pour effectuer cette action
      </Text>
    );
  }

  if (collecting) {
    return (
      <Stack gap="md" data-testid="driver-manual-collection">
        <Group justify="space-between">
          <Text fw={600}>{M.manualCollection}</Text>
          <Button variant="subtle" size="xs" onClick={() => setCollecting(null)}>
            Retour
          </Button>
        </Group>
        <RecipePaymentForm
          recipes={collecting}
          source="manual"
          active
          onCollected={() => {
            setSelected(new Set());
            setCollecting(null);
          }}
          onMobileCompleted={() => {
            setSelected(new Set());
            setCollecting(null);
          }}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="driver-recipes-tab">
      {hasMoney(money) ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label="Solde" amount={money.sold} testId="driver-money-sold" />
          <Figure label="Dettes" amount={money.dettes} color={money.dettes ? 'red' : undefined} testId="driver-money-dettes" />
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Recettes impayées
            </Text>
            <Text fw={600} size="sm" data-testid="driver-money-nb-dettes">
              {money.nbDettesRecipes ?? '—'}
            </Text>
          </Stack>
          <Figure label="Encaissé ce mois" amount={money.ca_this_month} color="teal" testId="driver-money-ca" />
        </SimpleGrid>
      ) : null}

      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={`/dashboard/receipts?driver_id=${driver.id}`} size="sm" data-testid="driver-receipts-link">
          Voir toutes ses recettes
        </Anchor>
        {canCollect ? (
          <Button size="xs" disabled={chosen.length === 0} onClick={() => setCollecting(chosen)} data-testid="driver-manual-collect">
            {M.manualCollection}
            {chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        ) : null}
      </Group>
      {canCollect && chosen.length > 0 ? (
        <Text size="xs" c="dimmed">
          {proceedLabel(chosen.length)} · <Money amount={totalRemaining(chosen)} />
        </Text>
      ) : null}

      {list.isPending ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      ) : recipes.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          Aucun élément trouvé
        </Text>
      ) : (
        <Stack gap={6}>
          {recipes.map((r) =>
            canCollect && isCollectable(r) ? (
              <Stack key={r.id} gap={2}>
                <Text size="xs" c="dimmed">
                  {dayText(r.date)}
                </Text>
                <RecipeLine recipe={r} showDriver={false} checked={selected.has(r.id)} onToggle={() => setSelected((s) => toggleOne(s, r.id))} />
              </Stack>
            ) : (
              <SettledLine key={r.id} recipe={r} />
            ),
          )}
          {list.hasNextPage ? (
            <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="driver-recipes-more">
              Voir plus
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

function Figure({ label, amount, color, testId }: { label: string; amount: number | null; color?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Money amount={amount} fw={600} size="sm" c={color} data-testid={testId} />
    </Stack>
  );
}

/** A recipe nobody can tick here: paid ('Objectif atteint', 100 %), or shown to someone without ENCAISSER. */
function SettledLine({ recipe: r }: { recipe: TRecipe }) {
  const badge = RECIPE_STATUS_BADGES[r.status];
  return (
    <Paper withBorder radius="md" p="xs" data-testid="driver-recipe-row">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {dayText(r.date)} · {RECIPE_KIND_LABELS[r.kind]}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {recipeVehicleName(r.vehicle) || '—'}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Money amount={r.isPaid ? r.objective : r.toEncaiss} fw={600} size="sm" />
          {r.isPaid ? (
            <Text size="xs" c="teal">
              {OBJECTIVE_REACHED} · 100 %
            </Text>
          ) : (
            <Badge color={badge.color} variant="light" size="xs" tt="none">
              {badge.label}
            </Badge>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
