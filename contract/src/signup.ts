import { z } from 'zod';
import { zEmail, zNewPassword, zPhone } from './formats.ts';
import { ZCanalType } from './auth.ts';
import { zOtp } from './auth.ts';

/**
 * Sign-up of a new fleet owner (POST /api/register ...) and the parks an owner adds
 * (POST /api/park). The spec shows only sign-in; these follow its style: snake_case fields, the
 * same contact, password and code formats and messages.
 */

/** The countries a park can be opened in, with what each gives the park. */
export const PARK_COUNTRIES = {
  CM: { name: 'Cameroun', currency: 'XAF', phone_code: '237', time_zone: 'Africa/Douala' },
  CI: { name: "Côte d'Ivoire", currency: 'XOF', phone_code: '225', time_zone: 'Africa/Abidjan' },
  CD: { name: 'République démocratique du Congo', currency: 'CDF', phone_code: '243', time_zone: 'Africa/Kinshasa' },
  SN: { name: 'Sénégal', currency: 'XOF', phone_code: '221', time_zone: 'Africa/Dakar' },
  TG: { name: 'Togo', currency: 'XOF', phone_code: '228', time_zone: 'Africa/Lome' },
} as const;
export type TParkCountryCode = keyof typeof PARK_COUNTRIES;
export const PARK_COUNTRY_CODES = Object.keys(PARK_COUNTRIES) as [TParkCountryCode, ...TParkCountryCode[]];

export const ACCOUNT_TYPES = ['particulier', 'professionnel'] as const;
export const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = {
  particulier: 'Particulier',
  professionnel: 'Professionnel',
};

export const ZParkCountryCode = z.enum(PARK_COUNTRY_CODES, { error: 'Choisissez un pays' });

const zPersonName = (what: 'Le prénom' | 'Le nom de famille') =>
  z
    .string({ error: `${what} est requis` })
    .trim()
    .min(2, `${what} doit contenir au moins 2 caractères`)
    .max(50, `${what} ne peut pas dépasser 50 caractères`);

export const zParkName = z
  .string({ error: 'Le nom du parc est requis' })
  .trim()
  .min(2, 'Le nom du parc doit contenir au moins 2 caractères')
  .max(80, 'Le nom du parc ne peut pas dépasser 80 caractères');

export const zCity = z
  .string({ error: 'La ville est requise' })
  .trim()
  .min(2, 'La ville doit contenir au moins 2 caractères')
  .max(80, 'La ville ne peut pas dépasser 80 caractères');

/** A new park: its name, city and country (the country gives its currency, calling code and time zone). */
export const ZNewPark = z.object({
  name: zParkName,
  city: zCity,
  country_code: ZParkCountryCode,
});
export type TNewPark = z.infer<typeof ZNewPark>;

/** POST /api/register: who you are, your park, your contact and password. */
export const ZRegister = z
  .object({
    owner_type: z.enum(ACCOUNT_TYPES, { error: 'Type de compte invalide' }).default('particulier'),
    ets_name: z.string().trim().max(100, "Le nom de l'entreprise ne peut pas dépasser 100 caractères").optional(),
    first_name: zPersonName('Le prénom'),
    last_name: zPersonName('Le nom de famille'),
    email: zEmail.optional(),
    phone: zPhone.optional(),
    /** Where the confirmation code goes; by default the phone when there is one, else the email. */
    canal_type: ZCanalType.optional(),
    password: zNewPassword,
    park: ZNewPark,
  })
  .superRefine((v, ctx) => {
    // The code must be deliverable: a number with its country code, an address a mail server takes.
    if (v.phone && !/^\+?[1-9]\d{9,14}$/.test(v.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: "Entrez le numéro avec l'indicatif du pays (ex. +237690000000)" });
    }
    if (v.email && /[<>]/.test(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: "Format d'email invalide" });
    }
    if (!v.email && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: "Entrez un numéro de téléphone ou un email" });
    }
    if (v.owner_type === 'professionnel' && (!v.ets_name || v.ets_name.length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['ets_name'], message: "Le nom de l'entreprise est requis" });
    }
    if (v.canal_type === 'sms' && !v.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Entrez le numéro de téléphone qui recevra le code' });
    }
    if (v.canal_type === 'email' && !v.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: "Entrez l'email qui recevra le code" });
    }
  });
export type TRegister = z.input<typeof ZRegister>;
export type TRegisterParsed = z.output<typeof ZRegister>;

/** POST /api/register/verify-otp: the code received; the account, the park and a session follow. */
export const ZRegisterVerify = z.object({ code: z.string({ error: 'Demande introuvable' }).min(1, 'Demande introuvable'), otp: zOtp });
export type TRegisterVerify = z.infer<typeof ZRegisterVerify>;

/** POST /api/register/resend-otp: a new code for the same pending sign-up. */
export const ZRegisterResend = z.object({ code: z.string({ error: 'Demande introuvable' }).min(1, 'Demande introuvable') });
export type TRegisterResend = z.infer<typeof ZRegisterResend>;

/** GET /api/register: whether this server takes sign-ups, and the countries a park can be opened in. */
export const ZSignupOptions = z.object({
  open: z.boolean(),
  countries: z.array(
    z.object({
      code: ZParkCountryCode,
      name: z.string(),
      currency: z.string(),
      phone_code: z.string(),
      time_zone: z.string(),
    }),
  ),
});
export type TSignupOptions = z.infer<typeof ZSignupOptions>;

/** How long a sign-up waits for its code before it is forgotten. */
export const SIGNUP_PENDING_HOURS = 24;
