import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PNL_TYPES, ZPnlAccountUpdate, type TPnlAccount, type TPnlType } from '@flotte/contract/pnl';

/**
 * The category dialog (spec 001 section 2.10): name, type (profit or perte) and the account it goes
 * under (none: a new category). The name rule is the contract's ('Le nom de la catégorie est
 * requis'); a sub-category takes its parent's type, which the dialog shows locked.
 */
export const ZCategoryForm = z.object({
  name: ZPnlAccountUpdate.shape.name,
  type: z.enum(PNL_TYPES),
  account_id: z.string().nullable(),
});
export type TCategoryForm = z.input<typeof ZCategoryForm>;
export type TCategoryFormParsed = z.output<typeof ZCategoryForm>;
export const categoryResolver = zodResolver(ZCategoryForm);
export const CATEGORY_FIELDS = ['name', 'type', 'account_id'] as const;

/** What the dialog starts from: renaming a node, or adding under a parent or to a type. */
export type CategoryDialogMode = { kind: 'rename'; node: TPnlAccount } | { kind: 'add'; type: TPnlType; parent: TPnlAccount | null };

export function categoryDefaults(mode: CategoryDialogMode): TCategoryForm {
  if (mode.kind === 'rename') return { name: mode.node.name, type: mode.node.type, account_id: mode.node.account_id };
  return { name: '', type: mode.parent?.type ?? mode.type, account_id: mode.parent?.id ?? null };
}
