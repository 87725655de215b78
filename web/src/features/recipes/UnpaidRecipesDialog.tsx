import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Center, Checkbox, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useIntersection, useMediaQuery } from '@mantine/hooks';
import { RECIPE_COLLECTION_MESSAGES as M, type TRecipe, type TRecipeDayGroup } from '@flotte/contract/recipes';
import { DateRangePicker } from '../../ui/dates/DateRangePicker.tsx';
import { EMPTY_RANGE, toDayString, type DateRange } from '../../ui/dates/periods.ts';
import { Money } from '../../ui/Money.tsx';
import { useActingPark } from '../../ui/useActingPark.ts';
import { usePermissions } from '../auth/permissions.ts';
import { DriverPicker, type PickedDriver } from '../drivers/DriverPicker.tsx';
import { DriverFilterButton } from './DriverFilterButton.tsx';
import { useExpectedToday, useUnpaidRecipes } from './queries.ts';
import { groupByDay, mergeDayGroups, pickSelected, proceedLabel, recipesOf, selectionState, toggleAll, toggleOne, totalRemaining } from './recipe-grouping.ts';
import { RecipeLine } from './RecipeLine.tsx';
import { RecipePaymentDialog } from './RecipePaymentDialog.tsx';
import { todayIn } from './today.ts';

export type UnpaidVariant = 'unpaid' | 'expected-today';

export interface UnpaidRecipesDialogProps {
  opened: boolean;
  onClose: () => void;
  variant: UnpaidVariant;
  /** The driver the list starts filtered on (the receipts page's ?driver_id=). */
  driver?: PickedDriver | null;
}

/**
 * 'Paiements non encaissés' / 'Paiements attendus aujourd'hui' (spec 001 section 2.7): a driver
 * filter, a date range (unpaid variant only), the global total, recipes grouped by day with each
 * day's objective total, loaded 20 at a time as the list scrolls, select-all and per-recipe
 * checkboxes, and 'Procéder au paiement de (n recette(s))' which opens the payment dialog.
 */
export function UnpaidRecipesDialog({ opened, onClose, variant, driver: initialDriver = null }: UnpaidRecipesDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const park = useActingPark();
  const [driver, setDriver] = useState<PickedDriver | null>(initialDriver);
  const [range, setRange] = useState<DateRange>(EMPTY_RANGE);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [paying, setPaying] = useState<TRecipe[] | null>(null);
  const [picking, setPicking] = useState(false);
  const unpaid = variant === 'unpaid';
  const { can } = usePermissions();
  const canCollect = can('ENCAISSER');

  useEffect(() => {
    if (!opened) return;
    setDriver(initialDriver);
    setRange(EMPTY_RANGE);
    setSelected(new Set());
  }, [opened, initialDriver?.id]);

  const filter = useMemo(
    () => ({
      driver_id: driver?.id,
      start_date: range.start ? toDayString(range.start) : undefined,
      end_date: range.end ? toDayString(range.end) : undefined,
    }),
    [driver?.id, range],
  );
  const list = useUnpaidRecipes(filter, opened && unpaid);
  const today = useExpectedToday(driver?.id, opened && !unpaid);

  const groups: TRecipeDayGroup[] = useMemo(() => {
    if (unpaid) return mergeDayGroups(list.data?.pages ?? []);
    return groupByDay(today.data?.items ?? [], todayIn(park?.time_zone));
  }, [unpaid, list.data, today.data, park?.time_zone]);
  const recipes = useMemo(() => recipesOf(groups), [groups]);
  const ids = useMemo(() => recipes.map((r) => r.id), [recipes]);
  const all = selectionState(selected, ids);
  const chosen = pickSelected(recipes, selected);
  const globalTotal = unpaid ? list.data?.pages[0]?.total_remaining : today.data?.total;

  // The next page loads when the end of the list comes into view (while a full page came back).
  // (The implicit root: clipping by the scroll area counts, so the sentinel shows only at its end.)
  const { ref: sentinel, entry } = useIntersection<HTMLDivElement>({ threshold: 0 });
  useEffect(() => {
    if (entry?.isIntersecting && unpaid && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [entry?.isIntersecting, unpaid, list.hasNextPage, list.isFetchingNextPage]);

  const loading = unpaid ? list.isPending : today.isPending;
  const failure = unpaid ? list.error : today.error;
  const title = unpaid ? M.unpaidTitle : M.expectedTodayTitle;

  return (
    <>
      <Modal opened={opened && paying === null && !picking} onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid="unpaid-recipes-dialog">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <DriverFilterButton value={driver} onOpen={() => setPicking(true)} onClear={() => {
                setDriver(null);
                setSelected(new Set());
              }} testId="unpaid-driver-filter" />
            {unpaid ? <DateRangePicker value={range} onChange={setRange} testId="unpaid-period" /> : null}
          </Group>

          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                Total à encaisser
              </Text>
              <Money amount={globalTotal ?? null} fw={700} size="lg" data-testid="unpaid-global-total" />
            </Group>
          </Paper>

          {canCollect && recipes.length > 0 ? (
            <Checkbox
              label="Tout sélectionner"
              checked={all === 'all'}
              indeterminate={all === 'some'}
              onChange={() => setSelected((s) => toggleAll(s, ids))}
              data-testid="unpaid-select-all"
            />
          ) : null}

          {/* A plain scroller: ScrollArea's table-like content would let long lines push past the edge. */}
          <Box mah={fullScreen ? 'calc(100dvh - 330px)' : '55vh'} style={{ overflowY: 'auto', overflowX: 'hidden' }} data-testid="unpaid-scroller">
            {loading ? (
              <Center py="xl">
                <Loader />
              </Center>
            ) : failure ? (
              <Alert color="red" variant="light">
                {failure.message}
              </Alert>
            ) : groups.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl" data-testid="unpaid-empty">
                Aucun élément trouvé
              </Text>
            ) : (
              <Stack gap="md" data-testid="unpaid-groups">
                {groups.map((g) => (
                  <Stack key={g.day} gap={6} data-testid="unpaid-day">
                    <Group justify="space-between" wrap="nowrap" pos="sticky" top={0} bg="var(--mantine-color-body)" py={4} style={{ zIndex: 1 }}>
                      <Text fw={600} size="sm" data-testid="unpaid-day-label">
                        {g.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Objectif <Money amount={g.total_objective} fw={600} c="var(--mantine-color-text)" data-testid="unpaid-day-total" />
                      </Text>
                    </Group>
                    {g.recipes.map((r) => (
                      <RecipeLine
                        key={r.id}
                        recipe={r}
                        checked={selected.has(r.id)}
                        selectable={canCollect}
                        onToggle={() => setSelected((s) => toggleOne(s, r.id))}
                      />
                    ))}
                  </Stack>
                ))}
                <Box ref={sentinel} h={1} />
                {list.isFetchingNextPage ? (
                  <Center py="sm">
                    <Loader size="sm" />
                  </Center>
                ) : null}
              </Stack>
            )}
          </Box>

          {canCollect ? (
            <Button fullWidth disabled={chosen.length === 0} onClick={() => setPaying(chosen)} data-testid="unpaid-proceed">
              {proceedLabel(chosen.length)}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" ta="center" data-testid="unpaid-no-access">
              Vous n'avez pas les permissions nécessaires pour effectuer cette action
            </Text>
          )}
          {chosen.length > 0 ? (
            <Text size="xs" c="dimmed" ta="center">
              Sélection : <Money amount={totalRemaining(chosen)} />
            </Text>
          ) : null}
        </Stack>
      </Modal>
      <DriverPicker
        opened={opened && picking}
        onClose={() => setPicking(false)}
        value={driver ? [driver.id] : undefined}
        onConfirm={(picked) => {
          setDriver(picked[0] ?? null);
          setSelected(new Set());
          setPicking(false);
        }}
      />
      <RecipePaymentDialog
        opened={opened && paying !== null}
        onClose={() => setPaying(null)}
        recipes={paying ?? []}
        onPaid={() => {
          setSelected(new Set());
          setPaying(null);
        }}
      />
    </>
  );
}
