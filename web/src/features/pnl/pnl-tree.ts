import { PNL_MAX_DEPTH, PNL_MESSAGES, type TPnlAccount } from '@flotte/contract/pnl';

/** Pure helpers of the P&L chart screen (spec 001 section 2.10: nesting at most 3 deep). */

export function flattenTree(nodes: readonly TPnlAccount[]): TPnlAccount[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** Whether a sub-category may go under this node (depth below 3). */
export function canAddChild(node: Pick<TPnlAccount, 'depth'>): boolean {
  return node.depth < PNL_MAX_DEPTH;
}

/** The add button's label: beyond the limit it is disabled and says '(limite atteinte)'. */
export function addChildLabel(node: Pick<TPnlAccount, 'depth'>): string {
  return canAddChild(node) ? 'Ajouter une sous-catégorie' : PNL_MESSAGES.depthReached;
}

/** 'Entretien et réparations › Vidange': where a node sits, for the parent picker. */
export function pathOf(nodes: readonly TPnlAccount[], id: string): string {
  const walk = (list: readonly TPnlAccount[], trail: string[]): string[] | null => {
    for (const n of list) {
      const here = [...trail, n.name];
      if (n.id === id) return here;
      const found = walk(n.children, here);
      if (found) return found;
    }
    return null;
  };
  return (walk(nodes, []) ?? []).join(' › ');
}

/** The parents a new sub-category may take: every node still below the depth limit, with its path. */
export function parentOptions(nodes: readonly TPnlAccount[]): { value: string; label: string }[] {
  return flattenTree(nodes)
    .filter(canAddChild)
    .map((n) => ({ value: n.id, label: pathOf(nodes, n.id) }));
}

/** Accounts removed with this one (itself and everything under it). */
export function subtreeSize(node: TPnlAccount): number {
  return flattenTree([node]).length;
}

/** Default accounts carry a code the money rules rely on: the server refuses to delete them. */
export function isProtected(node: TPnlAccount): boolean {
  return flattenTree([node]).some((n) => n.code !== null);
}
