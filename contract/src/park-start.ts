import { z } from 'zod';

/**
 * What a new park's owner does first (GET /api/park/checklist): the home screen shows these steps,
 * each ticked once the park holds what it asks for, until all are done.
 */
export const PARK_CHECKLIST_STEPS = ['vehicle', 'driver', 'planning', 'recipes', 'agent'] as const;
export type TParkChecklistStep = (typeof PARK_CHECKLIST_STEPS)[number];

export const PARK_CHECKLIST_LABELS: Record<TParkChecklistStep, { title: string; hint: string }> = {
  vehicle: { title: 'Ajouter un véhicule', hint: 'Enregistrez le premier véhicule de votre flotte.' },
  driver: { title: 'Ajouter un chauffeur', hint: 'Enregistrez un chauffeur pour lui confier un véhicule.' },
  planning: { title: 'Configurer le planning', hint: 'Décidez qui conduit quel véhicule, et quand.' },
  recipes: { title: 'Configurer les recettes', hint: 'Fixez la recette attendue de chaque véhicule.' },
  agent: { title: 'Inviter un agent', hint: 'Donnez accès au parc à un administrateur ou un agent.' },
};

export const ZParkChecklist = z.object({
  steps: z.array(z.object({ step: z.enum(PARK_CHECKLIST_STEPS), done: z.boolean() })),
  /** Every step is done: the home screen stops showing the list. */
  done: z.boolean(),
});
export type TParkChecklist = z.infer<typeof ZParkChecklist>;
