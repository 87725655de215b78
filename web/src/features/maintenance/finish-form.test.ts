import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES, type TMaintenance } from '@flotte/contract/maintenance';
import { CASH_OPTION, finishBody, finishDefaults, finishError, finishTotal, setLineAmount } from './finish-form.ts';

const component = (component_id: number, name: string, estimated_amount: number) => ({ id: component_id, component_id, name, amount: estimated_amount, estimated_amount });
const MAINTENANCE: Pick<TMaintenance, 'components' | 'description'> = {
  description: 'Bruit au freinage',
  components: [
    { repair_type: { id: 2, name: 'Vidange' }, repair_type_id: 2, car_component: [component(7, 'Huile moteur', 2000), component(8, 'Filtre à huile', 3500)] },
    { repair_type: { id: 3, name: 'Réparation' }, repair_type_id: 3, car_component: [component(9, 'Plaquettes', 12000)] },
  ],
};

describe('Entretien effectué: a fresh dialog', () => {
  it('prefills every component with its estimate and keeps the description', () => {
    const v = finishDefaults(MAINTENANCE);
    expect(v.caisse).toBeNull();
    expect(v.description).toBe('Bruit au freinage');
    expect(v.lines.map((l) => [l.repair_type_id, l.component_id, l.amount])).toEqual([
      [2, 7, 2000],
      [2, 8, 3500],
      [3, 9, 12000],
    ]);
    expect(finishTotal(v.lines)).toBe(17500);
  });
});

describe("Entretien effectué: spec 002's checks, in order", () => {
  it('asks for a caisse without ACCESS_CAISSE_CASH; with it, none means the default cash account', () => {
    const v = finishDefaults(MAINTENANCE);
    expect(finishError(v, { cashAccess: false })).toBe(MAINTENANCE_MESSAGES.caisse);
    expect(finishError(v, { cashAccess: true })).toBeNull();
    expect(finishError({ ...v, caisse: 'c1' }, { cashAccess: false })).toBeNull();
  });

  it('asks for every amount (0 is an amount: a repair under warranty)', () => {
    const v = { ...finishDefaults(MAINTENANCE), caisse: 'c1' };
    expect(finishError({ ...v, lines: setLineAmount(v.lines, { repair_type_id: 2, component_id: 8 }, null) }, { cashAccess: false })).toBe(MAINTENANCE_MESSAGES.amounts);
    expect(finishError({ ...v, lines: setLineAmount(v.lines, { repair_type_id: 2, component_id: 8 }, 0) }, { cashAccess: false })).toBeNull();
  });
});

describe('Entretien effectué: the body', () => {
  it('sends the paid amounts as the spec JSON string, the caisse, the invoice and the odometer', () => {
    const v = { ...finishDefaults(MAINTENANCE), caisse: 'c1', mileage: 84000, mileage_for_vidange: 89000 };
    const body = finishBody({ ...v, lines: setLineAmount(v.lines, { repair_type_id: 3, component_id: 9 }, 15000) }, '/api/file/f');
    expect(body).toMatchObject({ status: 'finished', caisse_id: 'c1', facture_image: '/api/file/f', description: 'Bruit au freinage', mileage: 84000, mileage_for_vidange: 89000 });
    expect(JSON.parse((body as { maintenances: string }).maintenances)).toEqual([
      { repair_type_id: 2, components: [{ component_id: 7, amount: 2000 }, { component_id: 8, amount: 3500 }] },
      { repair_type_id: 3, components: [{ component_id: 9, amount: 15000 }] },
    ]);
  });

  it('sends no caisse for the default cash account, nor an invoice or odometer left empty', () => {
    const body = finishBody({ ...finishDefaults(MAINTENANCE), caisse: CASH_OPTION, description: ' ' }, null);
    expect(body).toMatchObject({ caisse_id: undefined, facture_image: undefined, description: undefined, mileage: undefined, mileage_for_vidange: undefined });
  });
});
