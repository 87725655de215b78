/**
 * Which transport carries each channel, read from the environment. Demo mode always uses the outbox
 * so a demo can never text or mail real people; a provider chosen without its credentials fails at
 * start-up rather than at the first OTP.
 */

export type SmsProvider = 'outbox' | 'orange' | 'twilio';
export type EmailProvider = 'outbox' | 'smtp';

export interface OrangeSmsConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sender number with its country code, digits only (2250700000000). */
  senderAddress: string;
  senderName: string;
}

export interface TwilioConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export interface NotifierConfig {
  sms: SmsProvider;
  email: EmailProvider;
  smtpUrl?: string;
  smtpFrom: string;
  orange?: OrangeSmsConfig;
  twilio?: TwilioConfig;
}

export interface EnvVarDoc {
  name: string;
  default: string;
  description: string;
}

const DEFAULT_SMTP_FROM = 'Flotte <no-reply@flotte.app>';
const DEFAULT_ORANGE_BASE_URL = 'https://api.orange.com';
const DEFAULT_ORANGE_SENDER_NAME = 'Flotte';
const DEFAULT_TWILIO_BASE_URL = 'https://api.twilio.com';

export const NOTIFIER_ENV_DOC: readonly EnvVarDoc[] = [
  { name: 'SMS_PROVIDER', default: 'outbox', description: 'SMS transport: outbox (logged, dev/demo), orange or twilio. Forced to outbox in demo mode.' },
  { name: 'EMAIL_PROVIDER', default: 'outbox, or smtp when SMTP_URL is set (outside demo)', description: 'Email transport: outbox or smtp. Forced to outbox in demo mode.' },
  { name: 'SMTP_URL', default: '(none)', description: 'SMTP server, e.g. smtp://user:pass@host:587 (STARTTLS if offered) or smtps://user:pass@host:465. Required when EMAIL_PROVIDER=smtp.' },
  { name: 'SMTP_FROM', default: DEFAULT_SMTP_FROM, description: 'From header of emails.' },
  { name: 'ORANGE_SMS_BASE_URL', default: DEFAULT_ORANGE_BASE_URL, description: 'Orange API root (token and SMS endpoints).' },
  { name: 'ORANGE_SMS_CLIENT_ID', default: '(none)', description: 'Orange application client id. Required when SMS_PROVIDER=orange.' },
  { name: 'ORANGE_SMS_CLIENT_SECRET', default: '(none)', description: 'Orange application client secret. Required when SMS_PROVIDER=orange.' },
  { name: 'ORANGE_SMS_SENDER', default: '(none)', description: 'Sender number with country code, digits only (e.g. 2370000). Required when SMS_PROVIDER=orange.' },
  { name: 'ORANGE_SMS_SENDER_NAME', default: DEFAULT_ORANGE_SENDER_NAME, description: 'Sender name shown on the phone (must be registered with Orange).' },
  { name: 'TWILIO_BASE_URL', default: DEFAULT_TWILIO_BASE_URL, description: 'Twilio API root.' },
  { name: 'TWILIO_ACCOUNT_SID', default: '(none)', description: 'Twilio account SID (AC...). Required when SMS_PROVIDER=twilio.' },
  { name: 'TWILIO_AUTH_TOKEN', default: '(none)', description: 'Twilio auth token. Required when SMS_PROVIDER=twilio.' },
  { name: 'TWILIO_FROM', default: '(none)', description: 'Twilio sender: E.164 number or alphanumeric sender id. Required when SMS_PROVIDER=twilio.' },
];

export function notifierConfigFromEnv(env: NodeJS.ProcessEnv, demo: boolean): NotifierConfig {
  // An empty variable (FOO= in a .env file) means "not set", not "set to nothing".
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const required = (name: string, because: string): string => {
    const value = get(name);
    if (value === undefined) throw new Error(`Notifier configuration: ${name} is required when ${because}`);
    return value;
  };

  const smtpUrl = get('SMTP_URL');
  const smtpFrom = get('SMTP_FROM') ?? DEFAULT_SMTP_FROM;
  const smsChoice = oneOf(get('SMS_PROVIDER') ?? 'outbox', 'SMS_PROVIDER', ['outbox', 'orange', 'twilio'] as const);
  const emailChoice = oneOf(
    get('EMAIL_PROVIDER') ?? (smtpUrl ? 'smtp' : 'outbox'),
    'EMAIL_PROVIDER',
    ['outbox', 'smtp'] as const,
  );

  if (demo) return { sms: 'outbox', email: 'outbox', smtpUrl, smtpFrom };

  const config: NotifierConfig = { sms: smsChoice, email: emailChoice, smtpUrl, smtpFrom };
  if (emailChoice === 'smtp') {
    config.smtpUrl = required('SMTP_URL', 'EMAIL_PROVIDER=smtp');
    if (!/^smtps?:\/\//i.test(config.smtpUrl)) {
      throw new Error('Notifier configuration: SMTP_URL must start with smtp:// or smtps://');
    }
  }
  if (smsChoice === 'orange') {
    const because = 'SMS_PROVIDER=orange';
    const sender = required('ORANGE_SMS_SENDER', because).replace(/^\+/, '');
    if (!/^\d{4,15}$/.test(sender)) {
      throw new Error('Notifier configuration: ORANGE_SMS_SENDER must be digits with the country code (e.g. 2370000)');
    }
    config.orange = {
      baseUrl: get('ORANGE_SMS_BASE_URL') ?? DEFAULT_ORANGE_BASE_URL,
      clientId: required('ORANGE_SMS_CLIENT_ID', because),
      clientSecret: required('ORANGE_SMS_CLIENT_SECRET', because),
      senderAddress: sender,
      senderName: get('ORANGE_SMS_SENDER_NAME') ?? DEFAULT_ORANGE_SENDER_NAME,
    };
  }
  if (smsChoice === 'twilio') {
    const because = 'SMS_PROVIDER=twilio';
    config.twilio = {
      baseUrl: get('TWILIO_BASE_URL') ?? DEFAULT_TWILIO_BASE_URL,
      accountSid: required('TWILIO_ACCOUNT_SID', because),
      authToken: required('TWILIO_AUTH_TOKEN', because),
      from: required('TWILIO_FROM', because),
    };
  }
  return config;
}

function oneOf<T extends string>(value: string, name: string, allowed: readonly T[]): T {
  const lower = value.toLowerCase();
  if ((allowed as readonly string[]).includes(lower)) return lower as T;
  throw new Error(`Notifier configuration: ${name} must be one of ${allowed.join(', ')} (got "${value}")`);
}
