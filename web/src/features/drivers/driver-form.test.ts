import { describe, expect, it } from 'vitest';
import { ZDriverInput } from '@flotte/contract';
import { driverDefaults, driverFormData, type DriverFormInput } from './driver-form.ts';

const filled: DriverFormInput = {
  ...driverDefaults(null),
  last_name: 'Ndiaye',
  first_name: 'Moussa',
  phone: '+237690112233',
  driver_type_id: 1,
};

const messages = (input: DriverFormInput) => {
  const r = ZDriverInput.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('driver form rules', () => {
  it('answers the four submit checks of spec 000 with their words', () => {
    expect(messages(driverDefaults(null))).toEqual(
      expect.arrayContaining(['Le prénom est requis', 'Le nom est requis', 'Le numéro de téléphone est requis', 'Le type de chauffeur est requis']),
    );
  });

  it('accepts a driver with only the required fields, blank optional ones read as absent', () => {
    const r = ZDriverInput.safeParse(filled);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ email: undefined, cni_number: undefined, grade_id: undefined, start_work_at: undefined });
  });

  it('checks the email format', () => {
    expect(messages({ ...filled, email: 'moussa@' })).toEqual(["Format d'email invalide"]);
  });

  it('sends licences and days off as JSON strings, the photo as a file, the park only on creation', () => {
    const values = ZDriverInput.parse({ ...filled, grade_id: 2, days_off: [6, 7], start_work_at: '2024-03-01' });
    const licence = { type: 'B' as const, driver_licence_number: 'CM-1', permanent: true, delivery_at: '2020-01-01', expire_at: null, country_delivery: null };
    const photo = new File(['x'], 'moussa.png', { type: 'image/png' });
    const form = driverFormData(values, [licence], photo, 'park-1', null);
    expect(form.get('park_id')).toBe('park-1');
    expect(form.get('phone')).toBe('+237690112233');
    expect(form.get('grade_id')).toBe('2');
    expect(JSON.parse(String(form.get('days_off')))).toEqual([6, 7]);
    expect(JSON.parse(String(form.get('permis')))).toEqual([licence]);
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.has('email')).toBe(false);
  });

  it('on edit, names the optional fields left blank and a photo taken off in clear, since blank values are cleaned out', () => {
    const values = ZDriverInput.parse({ ...filled, cni_number: 'CNI-9', email: '' });
    const existing = { id: 'd1', image: '/api/file/x' } as Parameters<typeof driverFormData>[4];
    const edit = driverFormData(values, [], null, 'park-1', existing, true);
    expect(edit.has('park_id')).toBe(false);
    expect(JSON.parse(String(edit.get('clear')))).toEqual(['email', 'grade_id', 'start_work_at', 'image']);
    expect(edit.get('cni_number')).toBe('CNI-9');

    const newPhoto = driverFormData(values, [], new File(['x'], 'p.png', { type: 'image/png' }), 'park-1', existing, true);
    expect(JSON.parse(String(newPhoto.get('clear')))).not.toContain('image');
    expect(driverFormData(values, [], null, 'park-1', null).has('clear')).toBe(false);
  });
});
