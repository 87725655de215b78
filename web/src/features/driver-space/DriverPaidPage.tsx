import { useState } from 'react';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RECIPE_PAYMENT_METHOD_LABELS, type TRecipePaymentMethod } from '@flotte/contract/recipes';
import { LoadError } from '../../ui/LoadError.tsx';
import { Money } from '../../ui/Money.tsx';
import { capitalized, dateTimeText, dayTitle, vehicleText } from './driver-display.ts';
import { useDriverMe, useDriverPaid } from './queries.ts';
import { RECIPE_KIND_LABELS } from './recipe-labels.ts';
import { PagePicker } from '../../ui/PagePicker.tsx';

/** Payé: his fully paid recipes with their payments, newest day first, page by page. */
export default function DriverPaidPage() {
  const me = useDriverMe();
  const currency = me.data?.park.currency ?? null;
  const [page, setPage] = useState(1);
  const paid = useDriverPaid(page);
  const meta = paid.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.itemPerPage)) + (meta.total_is_lower_bound ? 1 : 0) : 1;

  return (
    <Stack gap="md" data-testid="driver-paid">
      <div>
        <Title order={1} fz="h3">
          Payé
        </Title>
        <Text size="sm" c="dimmed">
          Vos recettes payées et leurs paiements.
        </Text>
      </div>
      {paid.isPending ? (
        <Skeleton h={160} />
      ) : paid.isError ? (
        <LoadError title="Impossible de charger vos paiements" error={paid.error} onRetry={() => void paid.refetch()} />
      ) : paid.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" data-testid="driver-paid-empty">
            Aucune recette payée pour l'instant.
          </Text>
        </Paper>
      ) : (
        <>
          {paid.data.items.map((recipe) => (
            <Paper key={recipe.id} withBorder radius="md" p="sm" data-testid="driver-paid-recipe">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{RECIPE_KIND_LABELS[recipe.kind]}</Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {capitalized(dayTitle(recipe.date))}
                      {recipe.vehicle ? ` · ${vehicleText(recipe.vehicle)}` : ''}
                    </Text>
                  </div>
                  <Money amount={recipe.actual_recipe} currency={currency} fw={700} c="teal.9" />
                </Group>
                {recipe.payments.map((p) => (
                  <Group key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="xs" c="dimmed">
                      {RECIPE_PAYMENT_METHOD_LABELS[p.method as TRecipePaymentMethod] ?? p.method}, le {dateTimeText(p.created_at)}
                    </Text>
                    <Money amount={p.amount} currency={currency} size="xs" />
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
          <PagePicker pages={pages} page={page} onChange={setPage} testId="driver-paid-pages" />
        </>
      )}
    </Stack>
  );
}
