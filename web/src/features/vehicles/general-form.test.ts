import { describe, expect, it } from 'vitest';
import { VEHICLE_MESSAGES, ZVehicleInput } from '@flotte/contract/vehicles';
import { generalDefaults, generalFormData, type GeneralFormValues } from './general-form.ts';

const filled: GeneralFormValues = {
  ...generalDefaults(),
  vehicle_type_id: '1',
  brand_id: '1',
  model_id: '1',
  color_id: '7',
  registration_number: 'lt-123-ab',
  tags: 'VTC, climatisé',
  mileage: 45000,
  circulation_at: '2019',
};

describe('vehicle general form', () => {
  it('answers the submit checks of spec 000 with their words', () => {
    const r = ZVehicleInput.safeParse(generalDefaults());
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([VEHICLE_MESSAGES.vehicleType, VEHICLE_MESSAGES.brand, VEHICLE_MESSAGES.model, VEHICLE_MESSAGES.color, VEHICLE_MESSAGES.registration]),
    );
  });

  it('sends the creation as form data: ids, the plate upper-cased, tags as a list of {name}, images as files', () => {
    const parsed = ZVehicleInput.parse(filled);
    const image = new File([new Uint8Array([1, 2, 3])], 'avant.jpg', { type: 'image/jpeg' });
    const form = generalFormData(parsed, [image], { parkId: 'park-1' });
    expect(form.get('registration_number')).toBe('LT-123-AB');
    expect(form.get('brand_id')).toBe('1');
    expect(form.get('mileage')).toBe('45000');
    expect(JSON.parse(String(form.get('tags')))).toEqual([{ name: 'VTC' }, { name: 'climatisé' }]);
    expect(form.get('park_id')).toBe('park-1');
    expect(form.get('update_type')).toBeNull();
    expect((form.getAll('images')[0] as File).name).toBe('avant.jpg');
    expect(form.has('label')).toBe(false); // blank fields are left out
  });

  it('an update names its section and the current images it keeps', () => {
    const parsed = ZVehicleInput.parse({ ...filled, tags: '' });
    const form = generalFormData(parsed, [], { update: true, keptImages: ['/api/file/0190a1b2-0000-7000-8000-00000000000a'] });
    expect(form.get('update_type')).toBe('general');
    expect(form.get('park_id')).toBeNull();
    expect(JSON.parse(String(form.get('images')))).toEqual(['/api/file/0190a1b2-0000-7000-8000-00000000000a']);
    expect(JSON.parse(String(form.get('tags')))).toEqual([]);
  });
});
