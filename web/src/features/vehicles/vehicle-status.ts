import { VEHICLE_STATUS_LABELS, type TVehicleStatus } from '@flotte/contract';

/** The stored statuses a person can filter the list on (the server filters on the stored status). */
export const VEHICLE_STATUS_FILTERS: { value: TVehicleStatus; label: string }[] = (['active', 'assign', 'reserve', 'maintain', 'deactivated'] as const).map(
  (value) => ({ value, label: VEHICLE_STATUS_LABELS[value] }),
);

/** 'Toyota Corolla' from a vehicle's brand and model. */
export function brandModel(v: { brand: { name: string } | null; model: { name: string } | null }): string {
  return [v.brand?.name, v.model?.name].filter(Boolean).join(' ');
}

