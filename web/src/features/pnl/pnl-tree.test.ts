import { describe, expect, it } from 'vitest';
import type { TPnlAccount } from '@flotte/contract/pnl';
import { addChildLabel, canAddChild, flattenTree, isProtected, parentOptions, pathOf, subtreeSize } from './pnl-tree.ts';

function node(id: string, depth: number, children: TPnlAccount[] = [], code: TPnlAccount['code'] = null): TPnlAccount {
  return { id, name: id.toUpperCase(), type: 'perte', code, default: false, depth, account_id: null, accounting_category: { id, name: id }, can_add_child: depth < 3, children };
}

const tree = [node('entretien', 1, [node('vidange', 2, [node('huile', 3)], 'vidange'), node('pneus', 2)]), node('divers', 1)];

describe('the P&L chart screen', () => {
  it('offers a sub-category under depths 1 and 2 only, and says when the limit is reached', () => {
    expect([canAddChild(node('a', 1)), canAddChild(node('b', 2)), canAddChild(node('c', 3))]).toEqual([true, true, false]);
    expect(addChildLabel(node('c', 3))).toBe('(limite atteinte)');
    expect(addChildLabel(node('a', 1))).toBe('Ajouter une sous-catégorie');
  });

  it('lists the possible parents with their path, never a node at the limit', () => {
    expect(parentOptions(tree)).toEqual([
      { value: 'entretien', label: 'ENTRETIEN' },
      { value: 'vidange', label: 'ENTRETIEN › VIDANGE' },
      { value: 'pneus', label: 'ENTRETIEN › PNEUS' },
      { value: 'divers', label: 'DIVERS' },
    ]);
    expect(pathOf(tree, 'huile')).toBe('ENTRETIEN › VIDANGE › HUILE');
    expect(pathOf(tree, 'inconnu')).toBe('');
  });

  it('knows what a deletion takes with it, and what the money rules protect', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual(['entretien', 'vidange', 'huile', 'pneus', 'divers']);
    expect(subtreeSize(tree[0])).toBe(4);
    expect([isProtected(tree[0]), isProtected(tree[0].children[1]), isProtected(tree[1])]).toEqual([true, false, false]);
  });
});
