import { describe, expect, it } from 'vitest';
import type { TRecipe, TUnpaidHistory } from '@flotte/contract/recipes';
import { recipe } from './recipe-fixtures.ts';
import { groupByDay, mergeDayGroups, nextUnpaidPage, pickSelected, proceedLabel, selectionState, sumAmounts, toggleAll, toggleOne, totalRemaining } from './recipe-grouping.ts';


const page = (n: number, groups: TUnpaidHistory['items'], hasMore: boolean, itemPerPage = 2): TUnpaidHistory => ({
  items: groups,
  meta: { page: n, itemPerPage, has_more: hasMore },
  total_remaining: 50_000,
});
const group = (day: string, label: string, recipes: TRecipe[], total = 30_000) => ({ day, label, total_objective: total, total_remaining: total, recipes });

describe('the unpaid list, by day and by pages of 20', () => {
  it('asks for the next page while a full page returns, and stops on a short one or has_more false', () => {
    const full = page(1, [group('2026-03-14', "Aujourd'hui", [recipe({ id: 'a' }), recipe({ id: 'b' })])], true);
    expect(nextUnpaidPage(full)).toBe(2);
    expect(nextUnpaidPage({ ...full, meta: { ...full.meta, has_more: false } })).toBeUndefined();
    expect(nextUnpaidPage(page(3, [group('2026-03-14', "Aujourd'hui", [recipe({ id: 'a' })])], true))).toBeUndefined();
    expect(nextUnpaidPage(page(1, [], false))).toBeUndefined();
  });

  it('shows a day cut by a page boundary once, newest day first, each recipe once', () => {
    const p1 = page(1, [group('2026-03-14', "Aujourd'hui", [recipe({ id: 'a' })]), group('2026-03-13', 'Hier', [recipe({ id: 'b' })])], true);
    // 'b' shows again on page 2: one recipe paid meanwhile shifted the pages.
    const p2 = page(2, [group('2026-03-13', 'Hier', [recipe({ id: 'b' }), recipe({ id: 'c' })]), group('2026-03-10', '10/03/2026', [recipe({ id: 'd' })])], false);
    const merged = mergeDayGroups([p1, p2]);
    expect(merged.map((g) => [g.label, g.recipes.map((r) => r.id)])).toEqual([
      ["Aujourd'hui", ['a']],
      ['Hier', ['b', 'c']],
      ['10/03/2026', ['d']],
    ]);
    expect(merged[1]!.total_objective).toBe(30_000);
  });

  it('groups a flat list the same way, with totals over the day', () => {
    const groups = groupByDay(
      [
        recipe({ id: 'a', date: '2026-03-12T00:00:00', objective: 5000 }),
        recipe({ id: 'b', date: '2026-03-14T00:00:00', objective: 7000, actual_recipe: 2000 }),
        recipe({ id: 'c', date: '2026-03-13T00:00:00', objective: 1000.5 }),
        recipe({ id: 'd', date: '2026-03-14T00:00:00', objective: 3000 }),
      ],
      '2026-03-14',
    );
    expect(groups.map((g) => [g.label, g.total_objective, g.total_remaining])).toEqual([
      ["Aujourd'hui", 10_000, 8000],
      ['Hier', 1000.5, 1000.5],
      ['12/03/2026', 5000, 5000],
    ]);
  });

  it('adds amounts to the hundredth', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(totalRemaining([{ toEncaiss: 1000.25 }, { toEncaiss: 0.5 }])).toBe(1000.75);
  });
});

describe('select-all and per-item checkboxes', () => {
  const ids = ['a', 'b', 'c'];
  it('reads all, some or none of what is shown', () => {
    expect(selectionState(new Set(), ids)).toBe('none');
    expect(selectionState(new Set(['a']), ids)).toBe('some');
    expect(selectionState(new Set(ids), ids)).toBe('all');
    expect(selectionState(new Set(['a']), [])).toBe('none');
  });

  it('select-all ticks everything shown, then unticks it; one box toggles one recipe', () => {
    const all = toggleAll(new Set(['a']), ids);
    expect([...all].sort()).toEqual(ids);
    expect([...toggleAll(all, ids)]).toEqual([]);
    expect([...toggleOne(new Set(['a']), 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a']), 'a')]).toEqual([]);
  });

  it('pays only what is still shown, and says how many', () => {
    const shown = [recipe({ id: 'a' }), recipe({ id: 'b' })];
    expect(pickSelected(shown, new Set(['b', 'gone'])).map((r) => r.id)).toEqual(['b']);
    expect(proceedLabel(2)).toBe('Procéder au paiement de (2 recette(s))');
  });
});
