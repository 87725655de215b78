/**
 * The zod-free part of the contract: constants, patterns and texts the web needs before its first
 * screen paints (importing zod there would cost ~26 kB gzip on every page load).
 */
export const LOGIN_TYPES = ['partner', 'driver', 'agent', 'yango_partner', 'proprietaire'] as const;
export type TLoginType = (typeof LOGIN_TYPES)[number];
export const LOGIN_TYPE_LABELS: Record<TLoginType, string> = {
  proprietaire: 'Propriétaire',
  partner: 'Partenaire',
  agent: 'Agent',
  driver: 'Chauffeur',
  yango_partner: 'Partenaire Yango',
};

export const CANAL_TYPES = ['sms', 'email'] as const;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS = 3;
export const OTP_SEND_WINDOW_SECONDS = 900;
export const PIN_MAX_FAILURES = 5;
/**
 * Whether a message may repeat what a person sent: only a code or a field name (letters, digits
 * and '_', at most 40), never arbitrary text that a toast would then show back.
 */
export function quotable(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(text);
}

/** The largest integer id a PostgreSQL `integer` column holds: a schema accepting more lets it fail there. */
export const INT4_MAX = 2_147_483_647;
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_DAYS = 30;
/** A token is valid only while its expiry is more than this far away. */
export const TOKEN_VALIDITY_MARGIN_SECONDS = 20;


/** The header the web client sends so the refresh token travels only in an httpOnly cookie. */
export const WEB_CLIENT_HEADER = 'x-flotte-client';
export const REFRESH_COOKIE = 'flotte_rt';
/**
 * Set and cleared beside the refresh cookie, but readable by scripts and holding nothing secret
 * ('1'): it only tells the web app at start whether a session may exist, so a signed-out visit
 * skips POST /refresh-token (and its 401) instead of asking.
 */
export const SESSION_HINT_COOKIE = 'flotte_session';

export const OTP_MESSAGE = 'Le code doit contenir 6 chiffres';
export const PIN_LENGTH = 5;
export const PIN_MESSAGE = 'Veuillez entrer un code PIN à 5 chiffres';
export const PIN_MISMATCH_MESSAGE = 'Les codes PIN ne correspondent pas.';
export const IDENTIFIER_REQUIRED_MESSAGE = 'Veuillez entrer votre email ou votre numéro de téléphone';

export const PHONE_PATTERN = /^\+?\d{10,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MESSAGES = {
  length: 'Le mot de passe doit contenir au moins 8 caractères.',
  classes:
    'Le mot de passe doit contenir au moins une lettre majuscule, une lettre minuscule, un chiffre et un caractère spécial.',
  mismatch: 'Les mots de passe ne correspondent pas.',
} as const;

/** Strip spaces, dashes, dots and parentheses that people type in phone numbers. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s\-().]/g, '');
}

/** `yyyy-MM-ddTHH:mm:ss`, the only date format on the wire (park's time zone). */
export const WIRE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
