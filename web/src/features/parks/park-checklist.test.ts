import { describe, expect, it } from 'vitest';
import { checklistItems, checklistProgress } from './park-checklist.ts';

describe('park checklist', () => {
  it('lists the five steps in order with their links, ticked as the server says', () => {
    const items = checklistItems({
      steps: [
        { step: 'agent', done: true },
        { step: 'vehicle', done: true },
        { step: 'driver', done: false },
      ],
      done: false,
    });
    expect(items.map((i) => [i.step, i.done, i.to])).toEqual([
      ['vehicle', true, '/dashboard/drivers/vehicles'],
      ['driver', false, '/dashboard/drivers'],
      ['planning', false, '/dashboard/schedule'],
      ['recipes', false, '/dashboard/drivers/vehicles'],
      ['agent', true, '/dashboard/access'],
    ]);
    expect(items[0].title).toBe('Ajouter un véhicule');
  });

  it('says how far the owner got, in French', () => {
    const none = checklistItems({ steps: [], done: false });
    expect(checklistProgress(none)).toBe('Aucune des 5 étapes n’est encore faite');
    const one = checklistItems({ steps: [{ step: 'driver', done: true }], done: false });
    expect(checklistProgress(one)).toBe('1 étape faite sur 5');
    const two = checklistItems({ steps: [{ step: 'driver', done: true }, { step: 'planning', done: true }], done: false });
    expect(checklistProgress(two)).toBe('2 étapes faites sur 5');
  });
});
