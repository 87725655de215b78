import { z } from 'zod';
import { formList } from './form-list.ts';
import { LOGIN_TYPES, quotable } from './constants.ts';
import { zEmail, zPhone } from './formats.ts';
import { ZPageQuery } from './pagination.ts';
import { ACTION_PERMISSIONS, TAB_VIEWS, type Permission } from './permissions.ts';

/**
 * Roles, permissions and park administrators (issue 3, API sections A and B). The server validates
 * requests with these schemas and the web's forms use the same ones.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const zId = z.string().regex(UUID, 'Identifiant invalide');

function isPermission(code: string): code is Permission {
  return Object.hasOwn(ACTION_PERMISSIONS, code) || Object.hasOwn(TAB_VIEWS, code);
}

// ---------------------------------------------------------------- roles

export const ROLE_PERMISSIONS_REQUIRED = 'Sélectionnez au moins une permission';

export const ZRoleInput = z.object({
  name: z
    .string({ error: 'Le nom du rôle est requis' })
    .trim()
    .min(1, { error: 'Le nom du rôle est requis', abort: true })
    .min(2, 'Le nom du rôle doit contenir au moins 2 caractères')
    .max(50, 'Le nom du rôle ne peut pas dépasser 50 caractères'),
  description: z.string().trim().max(200, 'La description ne peut pas dépasser 200 caractères').optional(),
  permissions: z
    .array(z.string(), { error: ROLE_PERMISSIONS_REQUIRED })
    .min(1, ROLE_PERMISSIONS_REQUIRED)
    .superRefine((codes, ctx) => {
      codes.forEach((code, i) => {
        // Names the code only when it looks like one: a message never carries arbitrary text back.
        const named = quotable(code) ? ` : ${code}` : '';
        if (!isPermission(code)) ctx.addIssue({ code: 'custom', path: [i], message: `Permission inconnue${named}` });
      });
    })
    // Each code once, in a stable order, whatever the form sent.
    .transform((codes) => [...new Set(codes)].sort() as Permission[]),
});
export type TRoleInput = z.input<typeof ZRoleInput>;
export type TRoleInputParsed = z.output<typeof ZRoleInput>;

export const ZRoleRef = z.object({ id: z.string(), name: z.string() });
export type TRoleRef = z.infer<typeof ZRoleRef>;

export const ZRole = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()).describe('Codes the role holds, without the related ones'),
  admins_count: z.number().describe('Active administrators holding the role'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleAdmin = z.object({
  profile_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
});
export const ZRoleDetail = ZRole.extend({ admins: z.array(ZRoleAdmin) });
export type TRoleDetail = z.infer<typeof ZRoleDetail>;

export const ZPermissionItem = z.object({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  kind: z.enum(['action', 'view']),
  implies: z.array(z.string()).describe('Codes granted along with this one'),
});
export const ZPermissionCatalog = z.object({
  groups: z.array(z.object({ code: z.string(), label: z.string(), permissions: z.array(ZPermissionItem) })),
});
export type TPermissionCatalog = z.infer<typeof ZPermissionCatalog>;

export const ZRolePermissions = z.object({
  role_id: z.string(),
  permissions: z.array(z.string()),
  effective: z.array(z.string()).describe('Held codes plus the related ones'),
});
export type TRolePermissions = z.infer<typeof ZRolePermissions>;

export const ZProfilePermissions = z.object({
  profile_id: z.string(),
  is_owner: z.boolean(),
  roles: z.array(ZRoleRef),
  held: z.array(z.string()).describe("Union of the roles' codes"),
  effective: z.array(z.string()).describe('Held codes plus the related ones; every code for the owner'),
});
export type TProfilePermissions = z.infer<typeof ZProfilePermissions>;

export const ZAccessRoot = z.object({
  is_root: z.boolean().describe('The acting profile is the park owner'),
  profile_id: z.string(),
  park_id: z.string(),
  permissions: z.array(z.string()),
});
export type TAccessRoot = z.infer<typeof ZAccessRoot>;

// ---------------------------------------------------------------- administrators

/** Login types an administrator can be given: every one but the driver's. */
export const ADMIN_TYPES = LOGIN_TYPES.filter((t): t is Exclude<(typeof LOGIN_TYPES)[number], 'driver'> => t !== 'driver');
export const ZAdminType = z.enum(ADMIN_TYPES, { error: "Type d'administrateur invalide" });

export const ADMIN_ROLES_REQUIRED = 'Sélectionnez au moins un rôle';
export const ADMIN_CONTACT_REQUIRED = "L'email ou le numéro de téléphone est requis";

/**
 * Forms send role ids as repeated fields (an array), a JSON array string, or one id; all read
 * as an array here.
 */
const zRoleIds = z.preprocess(
  formList,
  z
    .array(zId, { error: ADMIN_ROLES_REQUIRED })
    .min(1, ADMIN_ROLES_REQUIRED)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
);

const name = (label: string) =>
  z
    .string({ error: `Le ${label} est requis` })
    .trim()
    .min(1, { error: `Le ${label} est requis`, abort: true })
    .min(2, `Le ${label} doit contenir au moins 2 caractères`)
    .max(50, `Le ${label} ne peut pas dépasser 50 caractères`);

/** An image already uploaded through /api/file/upload (JSON bodies); multipart sends the file. */
const zImagePath = z.string().regex(/^\/api\/file\/[0-9a-f-]{36}$/i, 'Image invalide');

/** An empty form input means "not given", as the server's body cleaning reads it too. */
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const adminFields = {
  first_name: name('prénom'),
  last_name: name('nom de famille'),
  email: blankless(zEmail),
  phone: blankless(zPhone),
  type: blankless(ZAdminType),
  role_ids: zRoleIds,
  image: blankless(zImagePath),
};

export const ZAdminInput = z
  .object({ ...adminFields, type: adminFields.type.transform((t) => t ?? 'agent') })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: ADMIN_CONTACT_REQUIRED });
  });
export type TAdminInput = z.input<typeof ZAdminInput>;
export type TAdminInputParsed = z.output<typeof ZAdminInput>;

/** PUT /admin/{id}: every field optional; role_ids, when given, replaces the roles. */
export const ZAdminUpdate = z.object({
  first_name: adminFields.first_name.optional(),
  last_name: adminFields.last_name.optional(),
  email: adminFields.email,
  phone: adminFields.phone,
  type: adminFields.type,
  role_ids: zRoleIds.optional(),
  image: adminFields.image,
});
export type TAdminUpdate = z.input<typeof ZAdminUpdate>;
export type TAdminUpdateParsed = z.output<typeof ZAdminUpdate>;

export const ZAdmin = z.object({
  id: z.string().describe('The profile id'),
  profile_id: z.string(),
  user_id: z.string(),
  park_id: z.string(),
  type: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  is_owner: z.boolean(),
  roles: z.array(ZRoleRef),
  invitation_pending: z.boolean().describe('The person has not chosen a password yet'),
  created_at: z.string(),
});
export type TAdmin = z.infer<typeof ZAdmin>;

export const ZAdminListQuery = ZPageQuery.extend({ park_id: z.string().optional() });
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;

export const ZRemoveProfileQuery = z.object({
  park_id: z.string().optional(),
  profile_id: z.string({ error: 'Identifiant invalide' }).regex(UUID, 'Identifiant invalide'),
});
