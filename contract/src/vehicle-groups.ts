import { z } from 'zod';
import './formats.ts'; // French zod messages for every schema
import { INT4_MAX } from './constants.ts';

/**
 * Groups of vehicles with their administrators (issue 4, section 4). A vehicle is in at most one
 * group. The server validates with these schemas, the group form too.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const VEHICLE_GROUP_MESSAGES = {
  titleRequired: 'Le nom du groupe est requis',
  titleTooLong: 'Le nom du groupe ne peut pas dépasser 100 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 500 caractères',
  vehicleId: 'Identifiant de véhicule invalide',
  adminId: "Identifiant d'administrateur invalide",
  vehiclesRequired: 'Sélectionnez au moins un véhicule',
  /** The group dialog's empty state (spec 000 section 2). */
  empty: "Aucun véhicules dans ce groupe pour l'instant",
} as const;
const M = VEHICLE_GROUP_MESSAGES;

/** Ids sent as an array (or one id alone), each once, in the order given. */
function zIds(message: string) {
  return z
    .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string().regex(UUID, message), { error: message }))
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);
}

/**
 * POST /vehicle-group/add and PUT /vehicle-group/update/{id}. The spec's clients send `name` or
 * `title`: both are read as the title. On update the title, description and region are replaced (an
 * absent description clears it, as the form sends the whole form); `vehicles_ids` and `admin_ids`
 * replace the group's vehicles and administrators only when sent.
 */
export const ZVehicleGroupInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const { name, ...rest } = v as Record<string, unknown>;
    return rest.title === undefined && name !== undefined ? { ...rest, title: name } : rest;
  },
  z.object({
    title: z
      .string({ error: M.titleRequired })
      .trim()
      .min(1, { error: M.titleRequired, abort: true })
      .max(100, M.titleTooLong),
    description: z.string().trim().max(500, M.descriptionTooLong).optional(),
    region_id: z.coerce.number().int().positive().max(INT4_MAX).optional(),
    vehicles_ids: zIds(M.vehicleId).optional(),
    admin_ids: zIds(M.adminId).optional(),
  }),
);
export type TVehicleGroupInput = z.input<typeof ZVehicleGroupInput>;
export type TVehicleGroupInputParsed = z.output<typeof ZVehicleGroupInput>;

/** PUT /vehicle-group/add-vehicles/{id} and PUT /vehicle-group/remove-vehicles. */
export const ZVehicleGroupVehicles = z.object({
  vehicles_ids: zIds(M.vehicleId).pipe(z.array(z.string()).min(1, M.vehiclesRequired)),
});
export type TVehicleGroupVehicles = z.output<typeof ZVehicleGroupVehicles>;

export const ZVehicleGroupVehicle = z.object({ id: z.string(), label: z.string().nullable(), registration_number: z.string() });
export const ZVehicleGroupAdmin = z.object({ profile_id: z.string(), first_name: z.string(), last_name: z.string() });

export const ZVehicleGroup = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  region_id: z.number().nullable(),
  vehicles_count: z.number(),
  vehicles: z.array(ZVehicleGroupVehicle).describe('By registration number'),
  admins: z.array(ZVehicleGroupAdmin).describe('By last then first name; cards show the first 4 and the count'),
  admins_count: z.number(),
  created_at: z.string(),
});
export type TVehicleGroup = z.infer<typeof ZVehicleGroup>;

/** What PUT /vehicle-group/remove-vehicles answers: the vehicles now outside any group. */
export const ZUngroupedVehicles = z.object({ vehicles_ids: z.array(z.string()) });
