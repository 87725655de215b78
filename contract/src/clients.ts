import { z } from 'zod';
import { zEmail, zPhone } from './formats.ts';
import { ZAddress, ZAddressInput } from './geo.ts';
import { ZPageQuery } from './pagination.ts';

/**
 * Business clients (issue 20 section 1; spec 000 sections 3, 5, 7): the companies a park books
 * rides for, with their contact persons and their usual addresses picked on the map. POST and PUT
 * /client send the whole record: an edit replaces the contacts and addresses with the lists sent.
 */

export const CLIENT_SEXES = ['Monsieur', 'Madame'] as const;
export type TClientSex = (typeof CLIENT_SEXES)[number];

/** The spec's words, spelled as french.md corrects them. */
export const CLIENT_MESSAGES = {
  required: 'Ce champ est requis',
  sex: 'Veuillez choisir la civilité',
  added: 'Client ajouté avec succès',
  updated: 'Client mis à jour avec succès',
  picker: 'Sélectionner un client',
  empty: "Vous n'avez pas encore de client",
  infoTitle: 'Infos Client',
  edit: 'Modifier les infos du client',
  tooManyAddresses: 'Ajoutez 50 adresses au plus',
  tooManyContacts: 'Ajoutez 20 contacts au plus',
} as const;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** An optional field: blank form inputs read as "not given". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const text = (max: number, label: string) => z.string().trim().max(max, `${label} ne peut pas dépasser ${max} caractères`);
const zName = z.string({ error: CLIENT_MESSAGES.required }).trim().min(1, CLIENT_MESSAGES.required).max(150, 'Le nom ne peut pas dépasser 150 caractères');
const zSex = z.enum(CLIENT_SEXES, { error: CLIENT_MESSAGES.sex });

/** A contact person: name and civility required, phone well formed, email optional. */
export const ZClientContactInput = z.object({
  name: zName,
  sex: zSex,
  phone: zPhone,
  email: optional(zEmail),
});
export type TClientContactInput = z.input<typeof ZClientContactInput>;

export const ZClientInput = z.object({
  name: zName.describe('Nom du client (la personne ou la société)'),
  sex: zSex.describe('Civilité : Monsieur ou Madame'),
  phone: zPhone,
  email: optional(zEmail),
  niu: optional(text(50, 'Le NIU')),
  rccm: optional(text(50, 'Le RCCM')),
  business_name: optional(text(150, 'La raison sociale')),
  city: optional(text(100, 'La ville')),
  street: optional(text(200, 'Le quartier')),
  address: optional(text(300, "L'adresse")),
  contacts: z.preprocess((v) => (blank(v) ? [] : v), z.array(ZClientContactInput).max(20, CLIENT_MESSAGES.tooManyContacts)),
  addresses: z.preprocess((v) => (blank(v) ? [] : v), z.array(ZAddressInput).max(50, CLIENT_MESSAGES.tooManyAddresses)),
  park_id: z.string().optional(),
});
export type TClientInput = z.input<typeof ZClientInput>;
export type TClientInputParsed = z.output<typeof ZClientInput>;

export const ZClientListQuery = ZPageQuery.extend({ park_id: z.string().optional() });
export type TClientListQuery = z.input<typeof ZClientListQuery>;

export const ZClientContact = z.object({ id: z.string(), name: z.string(), sex: z.enum(CLIENT_SEXES), phone: z.string(), email: z.string().nullable() });
export type TClientContact = z.infer<typeof ZClientContact>;

export const ZClientAddress = ZAddress.extend({ id: z.string() });
export type TClientAddress = z.infer<typeof ZClientAddress>;

/** A row of the list and the picker. */
export const ZClientSummary = z.object({
  id: z.string(),
  park_id: z.string(),
  name: z.string(),
  sex: z.enum(CLIENT_SEXES),
  phone: z.string(),
  email: z.string().nullable(),
  business_name: z.string().nullable(),
  city: z.string().nullable(),
  courses_count: z.number().describe('Courses du client, toutes périodes'),
  created_at: z.string(),
});
export type TClientSummary = z.infer<typeof ZClientSummary>;

export const ZClient = ZClientSummary.extend({
  niu: z.string().nullable(),
  rccm: z.string().nullable(),
  street: z.string().nullable(),
  address: z.string().nullable(),
  contacts: z.array(ZClientContact),
  addresses: z.array(ZClientAddress),
});
export type TClient = z.infer<typeof ZClient>;

export const ZClientPage = z.object({ items: z.array(ZClientSummary), meta: z.object({ page: z.number(), itemPerPage: z.number(), total: z.number() }) });
export type TClientPage = z.infer<typeof ZClientPage>;
