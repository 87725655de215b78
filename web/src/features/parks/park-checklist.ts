import { PARK_CHECKLIST_LABELS, PARK_CHECKLIST_STEPS, type TParkChecklist, type TParkChecklistStep } from '@flotte/contract/park-start';

/**
 * Where each first step is done. The recipe is set per vehicle (the vehicle wizard's recipe
 * section), so that step leads to the vehicles list, like the vehicle step.
 */
export const CHECKLIST_LINKS: Record<TParkChecklistStep, string> = {
  vehicle: '/dashboard/drivers/vehicles',
  driver: '/dashboard/drivers',
  planning: '/dashboard/schedule',
  recipes: '/dashboard/drivers/vehicles',
  agent: '/dashboard/access',
};

export interface ChecklistItem {
  step: TParkChecklistStep;
  title: string;
  hint: string;
  to: string;
  done: boolean;
}

/** The five steps in the contract's order, whatever order the server answered; a step it left out is not done. */
export function checklistItems(checklist: TParkChecklist): ChecklistItem[] {
  const done = new Map(checklist.steps.map((s) => [s.step, s.done]));
  return PARK_CHECKLIST_STEPS.map((step) => ({ step, ...PARK_CHECKLIST_LABELS[step], to: CHECKLIST_LINKS[step], done: done.get(step) === true }));
}

/** How far the owner got: 'Aucune des 5 étapes n’est encore faite', '1 étape faite sur 5', '2 étapes faites sur 5'. */
export function checklistProgress(items: readonly ChecklistItem[]): string {
  const done = items.filter((i) => i.done).length;
  if (done === 0) return `Aucune des ${items.length} étapes n’est encore faite`;
  return done === 1 ? `1 étape faite sur ${items.length}` : `${done} étapes faites sur ${items.length}`;
}
