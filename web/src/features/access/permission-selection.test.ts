import { describe, expect, it } from 'vitest';
import { groupState, selectionView, toggleGroup, togglePermission } from './permission-selection.ts';

describe('role editor selection', () => {
  it('shows what a checked permission implies as included by it', () => {
    const view = selectionView(['ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE']);
    expect(view.includedBy.get('VIEW_CASH_COLLECTION')?.sort()).toEqual(['ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE']);
    // ENCAISSER is checked itself and also implied by MANAGE_AND_UPDATE_RECIPE.
    expect(view.includedBy.get('ENCAISSER')).toEqual(['MANAGE_AND_UPDATE_RECIPE']);
    expect(view.isEffective('VIEW_CASH_COLLECTION')).toBe(true);
    expect(view.isEffective('VIEW_PLANNING')).toBe(false);
  });

  it('checks a whole group, then unchecks it, leaving what other groups imply', () => {
    const recipes = ['ENCAISSER', 'MANAGE_AND_UPDATE_RECIPE', 'DELETE_OR_CANCEL_RECIPE'];
    let checked: string[] = ['ENCAISSER'];
    expect(groupState(recipes, selectionView(checked))).toBe('some');
    checked = toggleGroup(checked, recipes, selectionView(checked));
    expect(checked.sort()).toEqual([...recipes].sort());
    expect(groupState(recipes, selectionView(checked))).toBe('all');
    checked = toggleGroup(checked, recipes, selectionView(checked));
    expect(checked).toEqual([]);
    expect(groupState(recipes, selectionView(checked))).toBe('none');
  });

  it('a group wholly granted through implications counts as checked', () => {
    const views = ['VIEW_CASH_COLLECTION'];
    expect(groupState(views, selectionView(['ENCAISSER']))).toBe('all');
  });

  it('toggles one permission', () => {
    expect(togglePermission(['A'], 'B')).toEqual(['A', 'B']);
    expect(togglePermission(['A', 'B'], 'A')).toEqual(['B']);
  });
});
