import { useState } from 'react';
import { Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TRecipe } from '@flotte/contract';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { driverApi, driverKeys } from './driver-api.ts';
import { canPay, capitalized, dayTitle, mergeDayGroups, remainingOf, vehicleText } from './driver-display.ts';
import { DriverPayDialog } from './DriverPayDialog.tsx';
import { useDriverMe } from './queries.ts';
import { RECIPE_KIND_LABELS } from './recipe-labels.ts';

/** À payer: his unpaid recipes, debts and instalments, newest day first, each with 'Payer'. */
export default function DriverOwedPage() {
  const me = useDriverMe();
  const currency = me.data?.park.currency ?? null;
  const [paying, setPaying] = useState<TRecipe | null>(null);
  const owed = useInfiniteQuery({
    queryKey: [...driverKeys.all, 'owed', 'pages'],
    queryFn: ({ pageParam, signal }) => driverApi.owed(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.has_more ? last.meta.page + 1 : undefined),
  });
  const groups = owed.data ? mergeDayGroups(owed.data.pages.map((p) => p.items)) : [];
  const total = owed.data?.pages[0]?.total_remaining ?? 0;

  return (
    <Stack gap="md" data-testid="driver-owed">
      <div>
        <Title order={1} fz="h3">
          À payer
        </Title>
        <Text size="sm" c="dimmed">
          Vos recettes non payées, vos dettes et vos échéances.
        </Text>
      </div>
      {owed.isPending ? (
        <Skeleton h={160} />
      ) : owed.isError ? (
        <LoadError title="Impossible de charger ce que vous devez" error={owed.error} onRetry={() => void owed.refetch()} />
      ) : groups.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="teal.9" data-testid="driver-owed-empty">
            Vous êtes à jour : rien à payer.
          </Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed">
              Total restant
            </Text>
            <Money amount={total} currency={currency} fw={700} size="xl" c="red.8" data-testid="driver-owed-page-total" />
          </Paper>
          {groups.map((group) => (
            <Stack key={group.day} gap="xs" component="section" aria-label={capitalized(dayTitle(group.day))}>
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} fz="h5">
                  {capitalized(dayTitle(group.day))}
                </Title>
                <Money amount={group.total_remaining} currency={currency} size="sm" c="dimmed" />
              </Group>
              {group.recipes.map((recipe) => (
                <OwedRecipeCard key={recipe.id} recipe={recipe} currency={currency} onPay={() => setPaying(recipe)} />
              ))}
            </Stack>
          ))}
          {owed.hasNextPage ? (
            <Button variant="light" onClick={() => void owed.fetchNextPage()} loading={owed.isFetchingNextPage} data-testid="driver-owed-more">
              Afficher plus
            </Button>
          ) : null}
        </>
      )}
      <DriverPayDialog recipe={paying} currency={currency ?? ''} phone={me.data?.phone ?? ''} onClose={() => setPaying(null)} />
    </Stack>
  );
}

function OwedRecipeCard({ recipe, currency, onPay }: { recipe: TRecipe; currency: string | null; onPay: () => void }) {
  const percent = recipe.objective > 0 ? Math.min(100, Math.round((recipe.actual_recipe / recipe.objective) * 100)) : 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="driver-owed-recipe">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{RECIPE_KIND_LABELS[recipe.kind]}</Text>
            {recipe.vehicle ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {vehicleText(recipe.vehicle)}
              </Text>
            ) : null}
          </div>
          {recipe.status === 'partially' ? (
            <Badge color="orange" variant="light" tt="none" style={{ flexShrink: 0 }}>
              Partiel
            </Badge>
          ) : null}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            Reste <Money amount={remainingOf(recipe)} currency={currency} fw={700} />
          </Text>
          <Text size="xs" c="dimmed">
            sur <Money amount={recipe.objective} currency={currency} />
          </Text>
        </Group>
        {recipe.actual_recipe > 0 ? <Progress value={percent} size="sm" color="teal" aria-label={`Déjà payé : ${percent} %`} /> : null}
        {canPay(recipe) ? (
          <Group justify="flex-end">
            <Button onClick={onPay} w={{ base: '100%', sm: 'auto' }} miw={140} data-testid="driver-owed-pay">
              Payer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
