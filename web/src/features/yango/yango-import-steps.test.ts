import { describe, expect, it } from 'vitest';
import type { TYangoAccount, TYangoCodeSent } from '@flotte/contract';
import {
  chosenAccount,
  collectOptions,
  collectTime,
  defaultChoice,
  HOUR_OPTIONS,
  linkOptionsBody,
  MINUTE_OPTIONS,
  parkLine,
  previousStep,
  reusableChallenge,
  searchablePhone,
  selectable,
  stepLabel,
  stepsFor,
  vehicleLine,
} from './yango-import-steps.ts';

const account = (over: Partial<TYangoAccount> = {}): TYangoAccount => ({
  yango_id: 'y1',
  first_name: 'Koffi',
  last_name: 'Yao',
  phones: ['+2250701020304'],
  status: 'working',
  status_label: 'Actif',
  current_status: null,
  park: { id: 'p', name: 'Flotte Demo', city: 'Abidjan' },
  vehicle: { brand: 'Toyota', model: 'Corolla', plate: 'AB-123-CD', color: 'Blanc', year: 2019, categories: ['econom'] },
  balance: 15000,
  balance_limit: 5000,
  currency: 'XOF',
  linked_driver_id: null,
  ...over,
});

describe('the steps', () => {
  it('imports in three steps and connects in two (no code for an existing driver)', () => {
    expect(stepsFor('import')).toEqual(['search', 'options', 'code']);
    expect(stepsFor('connect')).toEqual(['search', 'options']);
    expect(stepLabel('options')).toBe("Options d'import");
    expect(stepLabel('options', 'connect')).toBe('Options');
  });

  it('goes back one step at a time, and closes from the first', () => {
    expect(previousStep('import', 'code')).toBe('options');
    expect(previousStep('import', 'options')).toBe('search');
    expect(previousStep('import', 'search')).toBeNull();
    expect(previousStep('connect', 'options')).toBe('search');
  });
});

describe('the search', () => {
  it('searches from 8 characters of the cleaned national number', () => {
    expect(searchablePhone('+2250701020304', '225')).toBe('0701020304');
    expect(searchablePhone('+22507010203', '225')).toBe('07010203');
    expect(searchablePhone('+2250701020', '225')).toBeNull();
    expect(searchablePhone('', '225')).toBeNull();
  });

  it('cleans another calling code the same way', () => {
    expect(searchablePhone('+237670102030', '237')).toBe('670102030');
    expect(searchablePhone('+2376701020', '237')).toBeNull();
  });

  it('shows a profile already linked to a driver of the park but does not let it be chosen', () => {
    const linked = account({ yango_id: 'y2', linked_driver_id: 'd1' });
    expect(selectable(linked)).toBe(false);
    expect(chosenAccount([account(), linked], 'y2')).toBeNull();
    expect(chosenAccount([account(), linked], 'y1')?.yango_id).toBe('y1');
    expect(chosenAccount(null, 'y1')).toBeNull();
  });

  it('chooses a single selectable result by itself', () => {
    expect(defaultChoice([account(), account({ yango_id: 'y2', linked_driver_id: 'd1' })])).toBe('y1');
    expect(defaultChoice([account(), account({ yango_id: 'y2' })])).toBeNull();
    expect(defaultChoice([])).toBeNull();
  });
});

describe('the collect time', () => {
  it('offers hours 00-23 and minutes 00-59, 09:00 by default', () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS[0]).toBe('00');
    expect(HOUR_OPTIONS[23]).toBe('23');
    expect(MINUTE_OPTIONS).toHaveLength(60);
    expect(MINUTE_OPTIONS[59]).toBe('59');
    expect(collectTime(collectOptions())).toBe('09:00');
  });

  it('reads a saved time and sends the options as the API names them', () => {
    const options = collectOptions('18:45', true);
    expect(options).toEqual({ useYangoRecipe: true, hour: '18', minute: '45' });
    expect(linkOptionsBody(options)).toEqual({ collect_time: '18:45', use_yango_recipe: true });
    expect(collectOptions('nonsense').hour).toBe('09');
  });
});

describe('the code', () => {
  const challenge: TYangoCodeSent = { code: 'c1', canal_type: 'sms', sent_to: '+225 07 •• •• 04', expires_in: 600 };
  it('uses a code sent for the same profile again while it is valid', () => {
    const sent = { challenge, yangoId: 'y1', sentAt: 1_000_000 };
    expect(reusableChallenge(sent, 'y1', 1_000_000 + 60_000)).toBe(challenge);
    expect(reusableChallenge(sent, 'y2', 1_000_000 + 60_000)).toBeNull();
    expect(reusableChallenge(sent, 'y1', 1_000_000 + 580_000)).toBeNull();
    expect(reusableChallenge(null, 'y1', 0)).toBeNull();
  });
});

describe('a result card', () => {
  it('says the vehicle and the Yango park in one line each', () => {
    expect(vehicleLine(account())).toBe('Toyota Corolla · AB-123-CD · Blanc · 2019');
    expect(vehicleLine(account({ vehicle: null }))).toBe('');
    expect(vehicleLine(account({ vehicle: { brand: null, model: 'Corolla', plate: null, color: null, year: null, categories: [] } }))).toBe('Corolla');
    expect(parkLine(account())).toBe('Flotte Demo · Abidjan');
    expect(parkLine(account({ park: { id: 'p', name: null, city: 'Abidjan' } }))).toBe('Abidjan');
  });
});
