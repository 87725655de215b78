import { z } from 'zod';
import { ADMIN_CONTACT_REQUIRED, ADMIN_ROLES_REQUIRED, ZAdminType, ZAdminUpdate, zEmail, zPhone, type TAdmin } from '@flotte/contract';

/**
 * The administrator form: the contract's rules (names, contact formats, at least one role), with
 * empty email or phone allowed as long as one of them is given.
 */
export const ZAdminForm = z
  .object({
    first_name: ZAdminUpdate.shape.first_name.unwrap(),
    last_name: ZAdminUpdate.shape.last_name.unwrap(),
    email: z.union([z.literal(''), zEmail]),
    phone: z.union([z.literal(''), zPhone]),
    type: ZAdminType,
    role_ids: z.array(z.string()).min(1, ADMIN_ROLES_REQUIRED),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: ADMIN_CONTACT_REQUIRED });
  });
export type AdminFormInput = z.input<typeof ZAdminForm>;
export type AdminFormValues = z.output<typeof ZAdminForm>;
export const ADMIN_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'type', 'role_ids'] as const;

export function adminDefaults(admin: TAdmin | null): AdminFormInput {
  return {
    first_name: admin?.first_name ?? '',
    last_name: admin?.last_name ?? '',
    email: admin?.email ?? '',
    phone: admin?.phone ?? '',
    type: (admin?.type as AdminFormInput['type'] | undefined) ?? 'agent',
    role_ids: admin?.roles.map((r) => r.id) ?? [],
  };
}

/**
 * Multipart form data for POST /admin/add and PUT /admin/{id}: role ids as repeated fields, the
 * photo as a file. Contacts go only while they may change (a new administrator, or one who has
 * not yet chosen a password); the type only on creation.
 */
export function adminFormData(values: AdminFormValues, photo: File | null, existing: TAdmin | null): FormData {
  const form = new FormData();
  form.append('first_name', values.first_name);
  form.append('last_name', values.last_name);
  if (!existing || existing.invitation_pending) {
    if (values.email) form.append('email', values.email);
    if (values.phone) form.append('phone', values.phone);
  }
  if (!existing) form.append('type', values.type);
  for (const id of values.role_ids) form.append('role_ids', id);
  if (photo) form.append('image', photo, photo.name);
  return form;
}
