import { describe, expect, it } from 'vitest';
import { ZVehicleDocumentInput } from '@flotte/contract/vehicle-documents';
import { documentBody, documentDefaults } from './document-form.ts';

const VEHICLE = '0190f1a2-0000-7000-8000-000000000001';
const SUPPLIER = '0190f1a2-0000-7000-8000-000000000002';

describe('document form', () => {
  it('an empty form names every required field with its French message', () => {
    const result = ZVehicleDocumentInput.safeParse(documentDefaults(VEHICLE));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      document_type_id: 'Veuillez sélectionner le type de document',
      start_date: 'La date de début est requise',
      end_date: 'La date de fin est requise',
    });
  });

  it('sends JSON without images, keeping the supplier only for an insurance', () => {
    const values = ZVehicleDocumentInput.parse({ vehicle_id: VEHICLE, document_type_id: '2', supplier_id: SUPPLIER, start_date: '2026-01-01', end_date: '2026-12-31', description: '' });
    expect(documentBody(values, 'park', [])).toEqual({
      vehicle_id: VEHICLE,
      document_type_id: 2,
      supplier_id: undefined,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      description: undefined,
      park_id: 'park',
    });
  });

  it('sends form data with the images as repeated parts, at most 4', () => {
    const values = ZVehicleDocumentInput.parse({ vehicle_id: VEHICLE, document_type_id: 1, supplier_id: SUPPLIER, start_date: '2026-01-01', end_date: '2026-01-31' });
    const files = Array.from({ length: 5 }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
    const body = documentBody(values, 'park', files) as FormData;
    expect(body.getAll('images')).toHaveLength(4);
    expect(body.get('supplier_id')).toBe(SUPPLIER);
    expect(body.get('document_type_id')).toBe('1');
  });
});
