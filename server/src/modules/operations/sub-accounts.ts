import type { TPnlAccount, TPnlCode, TPnlType } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { listCategories } from '../pnl/pnl.service.ts';

/**
 * The P&L chart as operations see it, read through the pnl module (a park holds a few dozen
 * accounts: read whole): every node by id, with its level-1 category and its descendants.
 */
export interface ChartNode {
  id: string;
  name: string;
  code: TPnlCode | null;
  type: TPnlType;
  depth: number;
  category: { id: string; name: string };
  /** Itself and every account under it. */
  subtree: string[];
}

export async function chartOf(db: Db, parkId: string): Promise<Map<string, ChartNode>> {
  const out = new Map<string, ChartNode>();
  const walk = (n: TPnlAccount): string[] => {
    const subtree = [n.id, ...n.children.flatMap(walk)];
    out.set(n.id, { id: n.id, name: n.name, code: n.code, type: n.type, depth: n.depth, category: n.accounting_category, subtree });
    return subtree;
  };
  for (const root of await listCategories(db, parkId)) walk(root);
  return out;
}

/** One account of the park's chart (any level), or null. */
export async function findSubAccount(db: Db, parkId: string, id: string): Promise<ChartNode | null> {
  return (await chartOf(db, parkId)).get(id) ?? null;
}
