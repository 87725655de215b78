import type { Db } from '../../platform/db/database.ts';
import { chartOf } from '../operations/sub-accounts.ts';

/**
 * The revenue chart's categories (spec 001 section 9: Autres, VTC, Courses) as sets of P&L
 * accounts of the park: VTC is the 'recette' sub-account and whatever the owner filed under it
 * (the drivers' recipes); Courses is the 'course' sub-account (finished courses for business
 * clients) and what is filed under it; Autres is every other revenue account.
 */
export type RevenueCategory = 'vtc' | 'autres' | 'courses';

export interface RevenueAccounts {
  vtc: Set<string>;
  courses: Set<string>;
  /** Every revenue account of the chart (any level). */
  revenue: Set<string>;
  /** The category of a revenue operation's sub-account (the queries select revenue only). */
  categoryOf(subAccountId: string): RevenueCategory;
}

export async function revenueAccounts(db: Db, parkId: string): Promise<RevenueAccounts> {
  const chart = await chartOf(db, parkId);
  const vtc = new Set<string>();
  const courses = new Set<string>();
  const revenue = new Set<string>();
  for (const node of chart.values()) {
    if (node.type !== 'profit') continue;
    revenue.add(node.id);
    if (node.code === 'recette') node.subtree.forEach((id) => vtc.add(id));
    if (node.code === 'course') node.subtree.forEach((id) => courses.add(id));
  }
  return {
    vtc,
    courses,
    revenue,
    categoryOf: (id) => (vtc.has(id) ? 'vtc' : courses.has(id) ? 'courses' : 'autres'),
  };
}
