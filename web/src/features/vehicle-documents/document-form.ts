import { INSURANCE_DOCUMENT_TYPE, VEHICLE_DOCUMENT_MAX_IMAGES, type TVehicleDocumentInput, type TVehicleDocumentInputParsed } from '@flotte/contract/vehicle-documents';

/**
 * The form validates with the contract's ZVehicleDocumentInput, the schema the server uses. Empty
 * pickers hold '' (the schema's 'required' messages), the type select a string the schema coerces.
 */
export type DocumentFormInput = TVehicleDocumentInput;

export const DOCUMENT_FIELDS = ['document_type_id', 'supplier_id', 'start_date', 'end_date', 'description'] as const;

export const documentDefaults = (vehicleId: string, documentTypeId?: number, startDate?: string): DocumentFormInput => ({
  vehicle_id: vehicleId,
  document_type_id: documentTypeId ? String(documentTypeId) : '',
  start_date: startDate ?? '',
  end_date: '',
  description: '',
});

/** JSON when there are no images (lighter on a slow network), multipart with up to 4 'images' parts otherwise. */
export function documentBody(values: TVehicleDocumentInputParsed, parkId: string | null, images: File[]): FormData | Record<string, unknown> {
  const fields: Record<string, string | number | undefined> = {
    vehicle_id: values.vehicle_id,
    document_type_id: values.document_type_id,
    supplier_id: values.document_type_id === INSURANCE_DOCUMENT_TYPE ? values.supplier_id : undefined,
    start_date: values.start_date,
    end_date: values.end_date,
    description: values.description || undefined,
    park_id: parkId ?? undefined,
  };
  if (images.length === 0) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  for (const image of images.slice(0, VEHICLE_DOCUMENT_MAX_IMAGES)) form.append('images', image, image.name);
  return form;
}
