import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZVehicleGroupInput, type TVehicleGroup, type TVehicleGroupInputParsed } from '@flotte/contract/vehicle-groups';
import type { GroupableVehicle } from './vehicle-groups-api.ts';

export interface GroupFormInput {
  title: string;
  description: string;
  admin_ids: string[];
  vehicles_ids: string[];
}

export const GROUP_FIELDS = ['title', 'description', 'admin_ids', 'vehicles_ids'] as const;

/**
 * The contract's schema, the one the server runs. Its input is `unknown` (it accepts `name` for
 * `title`, as the spec's clients send), so the resolver is typed with the form's own shape.
 */
export const groupResolver: Resolver<GroupFormInput, unknown, TVehicleGroupInputParsed> = zodResolver(
  ZVehicleGroupInput as unknown as ZodType<TVehicleGroupInputParsed, GroupFormInput>,
);

export function groupDefaults(group: TVehicleGroup | null): GroupFormInput {
  return {
    title: group?.title ?? '',
    description: group?.description ?? '',
    admin_ids: group?.admins.map((a) => a.profile_id) ?? [],
    vehicles_ids: group?.vehicles.map((v) => v.id) ?? [],
  };
}

/** 'AB-123-CD · Toyota Corolla' (the plate first: it is what people search by). */
export function vehicleOptionLabel(v: Pick<GroupableVehicle, 'registration_number' | 'label'> & Partial<Pick<GroupableVehicle, 'brand' | 'model'>>): string {
  const make = [v.brand?.name, v.model?.name].filter(Boolean).join(' ');
  const name = v.label || make;
  return name ? `${v.registration_number} · ${name}` : v.registration_number;
}

/** Vehicles this group may take: those in no group, and its own. */
export function assignableVehicles(vehicles: readonly GroupableVehicle[], groupId: string | null): GroupableVehicle[] {
  return vehicles.filter((v) => v.group === null || (groupId !== null && v.group.id === groupId));
}

export const adminName = (a: { first_name: string; last_name: string }) => `${a.first_name} ${a.last_name}`.trim();
