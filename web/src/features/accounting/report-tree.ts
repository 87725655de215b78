/**
 * The report tables show the P&L chart as rows: categories, and under an expanded one its
 * sub-accounts. Pure helpers over any tree of `{ id, children }`.
 */
export interface TreeNode<N> {
  id: string;
  depth: number;
  children: N[];
}

export interface TreeRow<N> {
  node: N;
  /** 0 for a category. */
  level: number;
  hasChildren: boolean;
  expanded: boolean;
}

/** The rows on screen: every category, and the children of the expanded nodes (depth first). */
export function visibleRows<N extends TreeNode<N>>(roots: readonly N[], expanded: ReadonlySet<string>): TreeRow<N>[] {
  const out: TreeRow<N>[] = [];
  const walk = (nodes: readonly N[], level: number) => {
    for (const node of nodes) {
      const open = expanded.has(node.id);
      out.push({ node, level, hasChildren: node.children.length > 0, expanded: open });
      if (open) walk(node.children, level + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** Every node, depth first (exports hold the whole tree, whatever is expanded on screen). */
export function allRows<N extends TreeNode<N>>(roots: readonly N[]): TreeRow<N>[] {
  const out: TreeRow<N>[] = [];
  const walk = (nodes: readonly N[], level: number) => {
    for (const node of nodes) {
      out.push({ node, level, hasChildren: node.children.length > 0, expanded: true });
      walk(node.children, level + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** Opens or closes one node; closing keeps its descendants' state for when it reopens. */
export function toggled(expanded: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(expanded);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Ids of every node with children (the 'Tout déplier' button). */
export function expandableIds<N extends TreeNode<N>>(roots: readonly N[]): Set<string> {
  return new Set(allRows(roots).filter((r) => r.hasChildren).map((r) => r.node.id));
}

/** A name indented by level, for the flat cells of an Excel or PDF file. */
export function indentedName(name: string, level: number): string {
  return `${'    '.repeat(level)}${name}`;
}

/** Short French month names, January first (the P&L table's columns). */
export const MONTH_LABELS = ['Janv.', 'Févr.', 'Mars', 'Avr.', 'Mai', 'Juin', 'Juil.', 'Août', 'Sept.', 'Oct.', 'Nov.', 'Déc.'] as const;

/** 'Mars 2025' for `2025-03`. */
export function monthLabel(month: string): string {
  const m = Number(month.slice(5, 7));
  return `${MONTH_LABELS[m - 1] ?? month} ${month.slice(0, 4)}`;
}
