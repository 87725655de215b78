import { z } from 'zod';
import { zEmail, zPhone } from './formats.ts';

/**
 * Vehicle owners (partners) of a park (issue 4, section 2; spec 002 'Owner form'). The server
 * validates POST /vehicle-owner with this schema and the 'Ajouter un nouveau propriétaire' form
 * uses the same one.
 */

export const OWNER_TYPES = ['individuel', 'entreprise'] as const;
export type TOwnerType = (typeof OWNER_TYPES)[number];
export const OWNER_TYPE_LABELS: Record<TOwnerType, string> = { individuel: 'Individuel', entreprise: 'Entreprise' };

export const OWNER_TYPE_REQUIRED = 'Le type de propriétaire est requis';
export const OWNER_TYPE_INVALID = 'Type de propriétaire invalide';
export const OWNER_PARK_REQUIRED = 'Le parc est requis';

/** 2 to 50 characters, with the three messages of spec 002 section 5 ('prénom', 'nom de famille'). */
const ownerName = (label: string) =>
  z
    .string({ error: `Le ${label} est requis` })
    .trim()
    .min(1, { error: `Le ${label} est requis`, abort: true })
    .min(2, `Le ${label} doit contenir au moins 2 caractères`)
    .max(50, `Le ${label} ne peut pas dépasser 50 caractères`);

/** An empty form input means "not given", as the server's body cleaning reads it too. */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const optionalText = (max: number, message: string) => blankless(z.string().trim().max(max, message));

export const ZOwnerInput = z
  .object({
    type: z.enum(OWNER_TYPES, { error: (iss) => (iss.input === undefined ? OWNER_TYPE_REQUIRED : OWNER_TYPE_INVALID) }),
    first_name: ownerName('prénom'),
    last_name: ownerName('nom de famille'),
    park_id: z.string({ error: OWNER_PARK_REQUIRED }).trim().min(1, OWNER_PARK_REQUIRED),
    business_name: optionalText(100, 'La raison sociale ne peut pas dépasser 100 caractères'),
    email: blankless(zEmail),
    /** Sent as '+' and the country code, then the number (spec 002). */
    phone: blankless(zPhone),
    street: optionalText(200, "L'adresse ne peut pas dépasser 200 caractères"),
    cni_number: optionalText(50, 'Le numéro de CNI ne peut pas dépasser 50 caractères'),
    driver_licence_number: optionalText(50, 'Le numéro de permis ne peut pas dépasser 50 caractères'),
  })
  // The business name belongs to companies only: a person's form never carries one, whatever a
  // stale field of the form still holds after switching the type.
  .transform((v) => ({ ...v, business_name: v.type === 'entreprise' ? v.business_name : undefined }));
export type TOwnerInput = z.input<typeof ZOwnerInput>;
export type TOwnerInputParsed = z.output<typeof ZOwnerInput>;

export const ZOwner = z.object({
  id: z.string(),
  park_id: z.string(),
  type: z.enum(OWNER_TYPES),
  first_name: z.string(),
  last_name: z.string(),
  business_name: z.string().nullable(),
  display_name: z.string().describe('The business name if present, otherwise last name then first name'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  cni_number: z.string().nullable(),
  driver_licence_number: z.string().nullable(),
  created_at: z.string(),
});
export type TOwner = z.infer<typeof ZOwner>;

export const ZOwnerListQuery = z.object({ park_id: z.string().optional() });

/** The name a person sees for an owner, in pickers and on a vehicle (spec 002: owners). */
export function ownerDisplayName(o: { business_name?: string | null; first_name: string; last_name: string }): string {
  const business = o.business_name?.trim();
  return business ? business : `${o.last_name} ${o.first_name}`.trim();
}
