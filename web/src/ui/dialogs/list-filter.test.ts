import { describe, expect, it } from 'vitest';
import { filterList, normalizeSearchText, toggleSelection, type ListFilter, type ListSort } from './list-filter.ts';

interface Driver {
  name: string;
  phone: string;
  active: boolean;
}

const drivers: Driver[] = [
  { name: 'Aïcha Koné', phone: '+2250701020304', active: true },
  { name: 'Yao Kouassi', phone: '+2250505050505', active: false },
  { name: 'Jean-Pierre Mbarga', phone: '+237690000001', active: true },
];
const searchText = (d: Driver) => `${d.name} ${d.phone}`;
const active: ListFilter<Driver> = { value: 'enable', label: 'Actifs', test: (d) => d.active };
const byName: ListSort<Driver> = { value: 'name', label: 'Nom', compare: (a, b) => a.name.localeCompare(b.name, 'fr') };

describe('list dialog filtering', () => {
  it('ignores case, accents and extra spaces', () => {
    expect(normalizeSearchText('  Aïcha   KONÉ ')).toBe('aicha kone');
    expect(filterList(drivers, { search: 'aicha', searchText }).map((d) => d.name)).toEqual(['Aïcha Koné']);
  });

  it('needs every word, in any order, from the first character', () => {
    expect(filterList(drivers, { search: 'mbarga jean', searchText })).toHaveLength(1);
    expect(filterList(drivers, { search: 'k', searchText })).toHaveLength(2);
    expect(filterList(drivers, { search: '0505', searchText }).map((d) => d.name)).toEqual(['Yao Kouassi']);
    expect(filterList(drivers, { search: 'zzz', searchText })).toEqual([]);
  });

  it('applies the filter and the sort without touching the original list', () => {
    const shown = filterList(drivers, { searchText, filter: active, sort: { ...byName, compare: (a, b) => -byName.compare(a, b) } });
    expect(shown.map((d) => d.name)).toEqual(['Jean-Pierre Mbarga', 'Aïcha Koné']);
    expect(drivers[0]!.name).toBe('Aïcha Koné');
  });
});

describe('list dialog selection', () => {
  it('replaces in single mode and toggles in multiple mode', () => {
    expect(toggleSelection(['a'], 'b', false)).toEqual(['b']);
    expect(toggleSelection(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleSelection(['a', 'b'], 'a', true)).toEqual(['b']);
  });
});
