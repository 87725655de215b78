import { describe, expect, it } from 'vitest';
import { lastPage, nextSort, pageSelectionState, rangeLabel, togglePage, toggleRow } from './table-state.ts';

describe('nextSort', () => {
  it('cycles ascending, descending, then none; another column starts ascending', () => {
    const asc = nextSort(undefined, 'amount');
    expect(asc).toEqual({ key: 'amount', direction: 'asc' });
    const desc = nextSort(asc, 'amount');
    expect(desc).toEqual({ key: 'amount', direction: 'desc' });
    expect(nextSort(desc, 'amount')).toBeUndefined();
    expect(nextSort(desc, 'date')).toEqual({ key: 'date', direction: 'asc' });
  });
});

describe('selection', () => {
  const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const getId = (r: { id: string }) => r.id;

  it('tells none, some or all of the page', () => {
    expect(pageSelectionState(new Set(), ['a', 'b'])).toBe('none');
    expect(pageSelectionState(new Set(['a', 'z']), ['a', 'b'])).toBe('some');
    expect(pageSelectionState(new Set(['a', 'b', 'z']), ['a', 'b'])).toBe('all');
    expect(pageSelectionState(new Set(['z']), [])).toBe('none');
  });

  it('toggles one row without touching the others', () => {
    const one = toggleRow(new Map(), 'a', rows[0]);
    expect([...one.keys()]).toEqual(['a']);
    expect([...toggleRow(one, 'a', rows[0]).keys()]).toEqual([]);
  });

  it('selects the whole page, keeps rows of other pages, and clears the page when all were selected', () => {
    const other = new Map([['z', { id: 'z' }]]);
    const all = togglePage(toggleRow(other, 'a', rows[0]), rows, getId);
    expect([...all.keys()].sort()).toEqual(['a', 'b', 'c', 'z']);
    expect([...togglePage(all, rows, getId).keys()]).toEqual(['z']);
  });
});

describe('pages', () => {
  it('counts the last page (at least one)', () => {
    expect(lastPage(57, 5)).toBe(12);
    expect(lastPage(57, 1000)).toBe(1);
    expect(lastPage(0, 5)).toBe(1);
  });

  it('says which rows are shown', () => {
    expect(rangeLabel(1, 5, 57)).toBe('1–5 sur 57');
    expect(rangeLabel(12, 5, 57)).toBe('56–57 sur 57');
    expect(rangeLabel(1, 5, 0)).toBe('0 sur 0');
  });
});
