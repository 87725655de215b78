import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { VEHICLE_MAX_IMAGES, ZVehicleInput, type TVehicleDetail, type TVehicleInputParsed } from '@flotte/contract/vehicles';

/**
 * The general information of a vehicle (wizard step 1 and the 'general' update), validated by the
 * contract's ZVehicleInput, the schema POST /vehicle runs. Selects hold ids as strings and empty
 * fields hold '' or null: the schema coerces the first and reads the others as "not given".
 */
export interface GeneralFormValues {
  label: string;
  vehicle_type_id: string | null;
  brand_id: string | null;
  model_id: string | null;
  color_id: string | null;
  registration_number: string;
  chassis_number: string;
  gps_number: string;
  mileage: string | number;
  mileage_for_vidange: string | number;
  entry_fleet_at: string;
  circulation_at: string | null;
  insurance_subscription_at: string;
  vehicle_owner_id: string | null;
  contract_type_id: string | null;
  /** A comma list as typed ('VTC, climatisé'). */
  tags: string;
}

export const GENERAL_FIELDS = [
  'vehicle_type_id',
  'brand_id',
  'model_id',
  'color_id',
  'registration_number',
  'label',
  'chassis_number',
  'gps_number',
  'mileage',
  'mileage_for_vidange',
  'entry_fleet_at',
  'circulation_at',
  'insurance_subscription_at',
  'vehicle_owner_id',
  'contract_type_id',
  'tags',
] as const satisfies readonly (keyof GeneralFormValues)[];

/** The schema's input is `unknown` (it coerces multipart strings): typed here with the form's shape. */
export const generalResolver: Resolver<GeneralFormValues, unknown, TVehicleInputParsed> = zodResolver(
  ZVehicleInput as unknown as ZodType<TVehicleInputParsed, GeneralFormValues>,
);

const str = (v: number | null | undefined) => (v == null ? null : String(v));

export function generalDefaults(vehicle?: TVehicleDetail | null): GeneralFormValues {
  return {
    label: vehicle?.label ?? '',
    vehicle_type_id: str(vehicle?.vehicle_type.id),
    brand_id: str(vehicle?.brand.id),
    model_id: str(vehicle?.model.id),
    color_id: str(vehicle?.color.id),
    registration_number: vehicle?.registration_number ?? '',
    chassis_number: vehicle?.chassis_number ?? '',
    gps_number: vehicle?.gps_number ?? '',
    mileage: vehicle?.mileage ?? '',
    mileage_for_vidange: vehicle?.mileage_for_vidange ?? '',
    entry_fleet_at: vehicle?.entry_fleet_at ?? '',
    circulation_at: str(vehicle?.circulation_at),
    insurance_subscription_at: vehicle?.insurance_subscription_at ?? '',
    vehicle_owner_id: vehicle?.vehicle_owner?.id ?? null,
    contract_type_id: str(vehicle?.contract_type?.id),
    tags: vehicle?.tags.join(', ') ?? '',
  };
}

/**
 * Multipart body of POST /vehicle (and of the general update): new images as `images` files, tags
 * as a JSON list of {name} (the spec's creation shape). An update also says which current images
 * stay (`images`, their stored paths, as JSON) and its section.
 */
export function generalFormData(
  values: TVehicleInputParsed,
  newImages: File[],
  options: { parkId?: string | null; keptImages?: string[]; update?: boolean } = {},
): FormData {
  const form = new FormData();
  if (options.update) form.append('update_type', 'general');
  const plain: Record<string, string | number | undefined> = {
    label: values.label,
    vehicle_type_id: values.vehicle_type_id,
    brand_id: values.brand_id,
    model_id: values.model_id,
    color_id: values.color_id,
    registration_number: values.registration_number,
    chassis_number: values.chassis_number,
    gps_number: values.gps_number,
    mileage: values.mileage,
    mileage_for_vidange: values.mileage_for_vidange,
    entry_fleet_at: values.entry_fleet_at,
    circulation_at: values.circulation_at,
    insurance_subscription_at: values.insurance_subscription_at,
    vehicle_owner_id: values.vehicle_owner_id,
    contract_type_id: values.contract_type_id,
  };
  for (const [key, value] of Object.entries(plain)) if (value !== undefined && value !== '') form.append(key, String(value));
  // On an update an empty list says "no tags any more"; on creation it is simply left out.
  if (values.tags?.length || options.update) form.append('tags', JSON.stringify((values.tags ?? []).map((name) => ({ name }))));
  if (!options.update && options.parkId) form.append('park_id', options.parkId);
  if (options.update) form.append('images', JSON.stringify(options.keptImages ?? []));
  for (const file of newImages.slice(0, VEHICLE_MAX_IMAGES)) form.append('images', file, file.name);
  return form;
}
