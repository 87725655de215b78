import { z } from 'zod';
import { zEmail, zNewPassword, zPhone, zPin } from './formats.ts';
import { CANAL_TYPES, LOGIN_TYPES, OTP_MESSAGE } from './constants.ts';
export type { TLoginType } from './constants.ts';

/** Sign-in and session (spec 000 sections 2, 5, 7, 9). */
export const ZLoginType = z.enum(LOGIN_TYPES, { error: 'Type de connexion invalide' });
export const ZCanalType = z.enum(CANAL_TYPES);

export const zOtp = z.string({ error: 'Entrez le code reçu' }).trim().regex(/^\d{6}$/, OTP_MESSAGE);

/** Either a phone or an email identifies the person. */
const zRecipient = z.object({ phone: zPhone.optional(), email: zEmail.optional() });
function oneOfPhoneOrEmail<T extends { phone?: string; email?: string }>(v: T, ctx: z.RefinementCtx) {
  if (!v.phone && !v.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: "L'email est requis !" });
  }
}

export const ZLogin = z.object({
  type: ZLoginType,
  credentials: zRecipient
    .extend({ password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis') })
    .superRefine(oneOfPhoneOrEmail),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZLoginAnswer = z.object({
  otp_required: z.literal(true),
  code: z.string().describe('Identifies the one-time-code challenge'),
  canal_type: ZCanalType,
  sent_to: z.string().describe('Masked phone or email the code went to'),
  expires_in: z.number(),
});
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

export const ZVerifyOtp = zRecipient.extend({ otp: zOtp, code: z.string().min(1) }).superRefine(oneOfPhoneOrEmail);
export type TVerifyOtp = z.infer<typeof ZVerifyOtp>;

/** What a call that sends a code answers: the challenge and where the code went. */
export const ZSentCode = z.object({
  code: z.string(),
  canal_type: ZCanalType,
  sent_to: z.string(),
  expires_in: z.number(),
});
export type TSentCode = z.infer<typeof ZSentCode>;
export const ZResetGrant = z.object({ code: z.string().describe('One-time grant to set the new password') });
export type TResetGrant = z.infer<typeof ZResetGrant>;
export const ZPinVerified = z.object({ verified: z.literal(true) });
export type TPinVerified = z.infer<typeof ZPinVerified>;

export const ZSession = z.object({
  token: z.string(),
  refresh_token: z.string().optional().describe('Omitted for the web client, which keeps it in an httpOnly cookie'),
  expires_in: z.number(),
  user_type: ZLoginType,
  profile_id: z.string(),
  park_id: z.string().nullable(),
  has_pin_code: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZResendOtp = zRecipient
  .extend({ canal_type: ZCanalType.default('sms'), code: z.string().optional() })
  .superRefine(oneOfPhoneOrEmail);
export type TResendOtp = z.infer<typeof ZResendOtp>;

export const ZForgotPassword = zRecipient.superRefine(oneOfPhoneOrEmail);
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

export const ZForgotPasswordVerifyOtp = zRecipient.extend({ otp: zOtp }).superRefine(oneOfPhoneOrEmail);
export type TForgotPasswordVerifyOtp = z.infer<typeof ZForgotPasswordVerifyOtp>;

export const ZResetPassword = zRecipient
  .extend({ code: z.string().min(1), password: zNewPassword })
  .superRefine(oneOfPhoneOrEmail);
export type TResetPassword = z.infer<typeof ZResetPassword>;

export const ZRefreshToken = z.object({ refresh_token: z.string().min(1).optional() });

export const ZPinCode = z.object({ code: zPin });
export const ZUpdatePin = z.object({ code: zPin, password: z.string().min(1).optional() });
export type TUpdatePin = z.infer<typeof ZUpdatePin>;
export const ZVerifyPassword = z.object({ password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis') });

export const ZParkSummary = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  city: z.string().nullable(),
  currency: z.string(),
  country_code: z.string(),
  phone_code: z.string().nullable(),
  legal_notice: z.string().nullable(),
  time_zone: z.string(),
  logo: z.string().nullable(),
});
export type TParkSummary = z.infer<typeof ZParkSummary>;

/** Profile of the signed-in user (spec 000 section 3), as the acting profile sees it. */
export const ZUser = z.object({
  id: z.string(),
  user_id: z.string(),
  profile_id: z.string().nullable(),
  role: z.string(),
  /** Names of the acting profile's roles ('Caissier' ...); empty for the owner, who holds all. */
  role_names: z.array(z.string()),
  isOwner: z.boolean(),
  ets_name: z.string().nullable(),
  ets_logo: z.string().nullable(),
  owner_type: z.enum(['particulier', 'professionnel']),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  countryIsoCode: z.string().nullable(),
  user_type: ZLoginType,
  has_pin_code: z.boolean(),
  parks: z.array(ZParkSummary),
  permissions: z.array(z.string()),
});
export type TUser = z.infer<typeof ZUser>;

export const ZProfileSummary = z.object({
  id: z.string(),
  type: ZLoginType,
  role: z.string(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  park: ZParkSummary,
});
export type TProfileSummary = z.infer<typeof ZProfileSummary>;

export const ZUpdateProfile = z.object({
  first_name: z.string().trim().min(2, 'Le prénom doit contenir au moins 2 caractères').max(50, 'Le prénom ne peut pas dépasser 50 caractères').optional(),
  last_name: z.string().trim().min(2, 'Le nom de famille doit contenir au moins 2 caractères').max(50, 'Le nom de famille ne peut pas dépasser 50 caractères').optional(),
  image: z.string().optional().describe('Key of a file uploaded through /api/file/upload'),
});
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;

export const ZOutboxItem = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  text: z.string(),
  otp: z.string().nullable(),
  created_at: z.string(),
});
export type TOutboxItem = z.infer<typeof ZOutboxItem>;

