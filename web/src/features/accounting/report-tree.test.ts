import { describe, expect, it } from 'vitest';
import { compactAmount, niceMax, ticks } from './chart-scale.ts';
import { allRows, expandableIds, indentedName, monthLabel, toggled, visibleRows } from './report-tree.ts';

interface N {
  id: string;
  depth: number;
  children: N[];
}
const n = (id: string, depth: number, children: N[] = []): N => ({ id, depth, children });
const tree = [n('rev', 1, [n('recette', 2), n('location', 2, [n('courte', 3)])]), n('fuel', 1, [n('carburant', 2)]), n('empty', 1)];

describe('report tree rows', () => {
  it('show the categories, and the sub-accounts of the expanded ones only', () => {
    expect(visibleRows(tree, new Set()).map((r) => r.node.id)).toEqual(['rev', 'fuel', 'empty']);
    const open = visibleRows(tree, new Set(['rev', 'location']));
    expect(open.map((r) => [r.node.id, r.level, r.hasChildren, r.expanded])).toEqual([
      ['rev', 0, true, true],
      ['recette', 1, false, false],
      ['location', 1, true, true],
      ['courte', 2, false, false],
      ['fuel', 0, true, false],
      ['empty', 0, false, false],
    ]);
    // A closed parent hides its open children.
    expect(visibleRows(tree, new Set(['location'])).map((r) => r.node.id)).toEqual(['rev', 'fuel', 'empty']);
  });

  it('toggle one node at a time and expand everything at once', () => {
    const once = toggled(new Set(), 'rev');
    expect([...once]).toEqual(['rev']);
    expect([...toggled(once, 'rev')]).toEqual([]);
    expect([...expandableIds(tree)].sort()).toEqual(['fuel', 'location', 'rev']);
  });

  it('export every node, indented by level', () => {
    expect(allRows(tree).map((r) => indentedName(r.node.id, r.level))).toEqual(['rev', '    recette', '    location', '        courte', 'fuel', '    carburant', 'empty']);
    expect(monthLabel('2025-03')).toBe('Mars 2025');
  });
});

describe('the diagram scale', () => {
  it('rounds the top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(180_000), niceMax(240_000), niceMax(260_000), niceMax(1_000_000)]).toEqual([1, 10, 200_000, 250_000, 500_000, 1_000_000]);
    expect(ticks(200_000)).toEqual([0, 50_000, 100_000, 150_000, 200_000]);
    expect([compactAmount(250_000), compactAmount(1_250_000), compactAmount(900), compactAmount(-3_500)]).toEqual(['250 k', '1.3 M', '900', '−3.5 k']);
  });
});
