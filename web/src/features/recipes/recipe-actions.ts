import type { Permission } from '@flotte/contract';
import { RECIPE_DELETE_COMMENT_MIN, RECIPE_COLLECTION_MESSAGES, type TRecipe } from '@flotte/contract/recipes';

/**
 * The recipe collection dialog's other actions (spec 001 sections 2.4, 5 'Recipe actions', 6):
 * the decrease mode (change the objective), delete with a reason, change the driver; and which of
 * them the person may use.
 */

export type CollectionMode = 'encaiss' | 'decrease';
export type RecipeAction = 'delete' | 'change-driver';

export const COLLECTION_MODE_LABELS: Record<CollectionMode, string> = { encaiss: 'Encaisser', decrease: "Modifier l'objectif" };

/** What the person may do with an unpaid recipe; ENCAISSER opens the dialog at all. */
export function recipeAbilities(can: (p: Permission) => boolean) {
  const collect = can('ENCAISSER');
  return {
    collect,
    decrease: collect && can('MANAGE_AND_UPDATE_RECIPE'),
    changeDriver: collect && can('MANAGE_AND_UPDATE_RECIPE'),
    delete: collect && can('DELETE_OR_CANCEL_RECIPE'),
  };
}

const cents = (v: number) => Math.round(v * 100);

/** The objective once `amount` is taken off it (never shown below 0). */
export function decreasedObjective(r: Pick<TRecipe, 'objective'>, amount: number | null): number {
  if (amount === null || !Number.isFinite(amount)) return r.objective;
  return Math.max(0, cents(r.objective) - cents(amount)) / 100;
}

/**
 * Decrease mode: a nonzero amount ('Entrez un montant valide'), and the objective can't go below what
 * was already collected (the server refuses it too).
 */
export function decreaseError(r: Pick<TRecipe, 'objective' | 'actual_recipe'>, amount: number | null): string | null {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return RECIPE_COLLECTION_MESSAGES.invalidAmount;
  if (cents(r.objective) - cents(amount) < cents(r.actual_recipe)) return RECIPE_COLLECTION_MESSAGES.objectiveBelowCollected;
  return null;
}

/** Delete: a reason longer than 1 character. */
export function deleteError(comment: string): string | null {
  return comment.trim().length < RECIPE_DELETE_COMMENT_MIN ? RECIPE_COLLECTION_MESSAGES.deleteReason : null;
}

/** Change driver: one must be chosen and it must differ from the current driver. */
export function changeDriverError(chosenId: string | null | undefined, currentId: string): string | null {
  if (!chosenId) return RECIPE_COLLECTION_MESSAGES.chooseDriver;
  if (chosenId === currentId) return RECIPE_COLLECTION_MESSAGES.sameDriver;
  return null;
}
