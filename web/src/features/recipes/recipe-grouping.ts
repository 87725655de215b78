import { RECIPE_PAGE_SIZE, recipeDayLabel, type TRecipe, type TRecipeDayGroup, type TUnpaidHistory } from '@flotte/contract/recipes';
import { recipeDay } from './recipe-display.ts';

/**
 * The unpaid-payments dialog's list (spec 001 section 2.7): recipes grouped by day, newest first,
 * loaded 20 at a time, with select-all and per-item checkboxes. Pure functions over the pages the
 * server answered, so the grouping, totals and selection are unit-tested without React.
 */

/** Amounts travel with at most 2 decimals: sums are made in hundredths so 0.1 + 0.2 stays 0.3. */
export function sumAmounts(values: Iterable<number>): number {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
}

export const totalRemaining = (recipes: readonly Pick<TRecipe, 'toEncaiss'>[]) => sumAmounts(recipes.map((r) => r.toEncaiss));
export const totalObjective = (recipes: readonly Pick<TRecipe, 'objective'>[]) => sumAmounts(recipes.map((r) => r.objective));

/**
 * The next page to ask for, or undefined when the last one said there is no more. The spec's rule
 * is "more are loaded while a full page returns"; the server's has_more says it exactly, and a short
 * page ends the list whatever it says.
 */
export function nextUnpaidPage(last: TUnpaidHistory): number | undefined {
  const count = last.items.reduce((n, g) => n + g.recipes.length, 0);
  const size = last.meta.itemPerPage || RECIPE_PAGE_SIZE;
  if (count < size) return undefined;
  return last.meta.has_more === false ? undefined : last.meta.page + 1;
}

/**
 * One list of day groups from every page loaded: a day cut by a page boundary is shown once (its
 * totals are the whole day's, the same on both pages), and a recipe that moved to the next page
 * while the person scrolled (one paid meanwhile shifts the pages) is kept once.
 */
export function mergeDayGroups(pages: readonly TUnpaidHistory[]): TRecipeDayGroup[] {
  const byDay = new Map<string, TRecipeDayGroup>();
  const seen = new Set<string>();
  for (const page of pages) {
    for (const group of page.items) {
      let merged = byDay.get(group.day);
      if (!merged) {
        merged = { ...group, recipes: [] };
        byDay.set(group.day, merged);
      }
      for (const r of group.recipes) {
        if (seen.has(r.id)) continue;
        seen.add(r.id);
        merged.recipes.push(r);
      }
    }
  }
  return [...byDay.values()].filter((g) => g.recipes.length > 0).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/**
 * Day groups built here from a flat list (the expected-today answer, a driver's recipes): the same
 * labels as the server's ('Aujourd'hui', 'Hier', dd/MM/yyyy), totals over the given recipes.
 */
export function groupByDay(recipes: readonly TRecipe[], today: string): TRecipeDayGroup[] {
  const byDay = new Map<string, TRecipe[]>();
  for (const r of recipes) {
    const day = recipeDay(r);
    const list = byDay.get(day) ?? [];
    list.push(r);
    byDay.set(day, list);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([day, list]) => ({ day, label: recipeDayLabel(day, today), total_objective: totalObjective(list), total_remaining: totalRemaining(list), recipes: list }));
}

export const recipesOf = (groups: readonly TRecipeDayGroup[]) => groups.flatMap((g) => g.recipes);

// ---------------------------------------------------------------- selection

export type SelectionState = 'all' | 'some' | 'none';

/** The select-all checkbox: ticked when every shown recipe is, indeterminate when some are. */
export function selectionState(selected: ReadonlySet<string>, ids: readonly string[]): SelectionState {
  if (ids.length === 0) return 'none';
  const n = ids.reduce((count, id) => count + (selected.has(id) ? 1 : 0), 0);
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Select-all ticks every shown recipe, or, when they all are already, unticks them. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  if (selectionState(selected, ids) === 'all') {
    const next = new Set(selected);
    for (const id of ids) next.delete(id);
    return next;
  }
  return new Set([...selected, ...ids]);
}

/** The selected recipes in list order, ignoring ids no longer shown (paid or deleted meanwhile). */
export function pickSelected(recipes: readonly TRecipe[], selected: ReadonlySet<string>): TRecipe[] {
  return recipes.filter((r) => selected.has(r.id));
}

/** 'Procéder au paiement de (3 recette(s))' (spec 001 section 2.7). */
export const proceedLabel = (n: number) => `Procéder au paiement de (${n} recette(s))`;
