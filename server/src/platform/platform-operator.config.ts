import { envReader } from './env-reader.ts';

/**
 * The platform's operator: who sells Flotte's subscriptions. Its identity is printed on every
 * subscription invoice; its token opens the operator's area (/api/platform/*), which no park
 * reaches. Without PLATFORM_OPERATOR_TOKEN the area is closed.
 */
export interface PlatformOperatorConfig {
  /** The bearer token of the operator's area, or null (closed). */
  token: string | null;
  legalName: string;
  address: string;
  email: string;
  phone: string | null;
  /** The operator's tax number (NIU, NINEA ...), printed on invoices when set. */
  taxId: string | null;
}

export const PLATFORM_OPERATOR_ENV = [
  { name: 'PLATFORM_OPERATOR_TOKEN', default: '(none: area closed)', description: "Bearer token of the platform operator's area (/api/platform/*), at least 32 characters." },
  { name: 'PLATFORM_LEGAL_NAME', default: 'Flotte', description: 'The seller named on subscription invoices.' },
  { name: 'PLATFORM_ADDRESS', default: 'Douala, Cameroun', description: "The seller's address on invoices." },
  { name: 'PLATFORM_EMAIL', default: 'facturation@flotte.app', description: "The seller's email on invoices." },
  { name: 'PLATFORM_PHONE', default: '(none)', description: "The seller's phone on invoices." },
  { name: 'PLATFORM_TAX_ID', default: '(none)', description: "The seller's tax number on invoices." },
] as const;

export function platformOperatorConfigFromEnv(env: NodeJS.ProcessEnv): PlatformOperatorConfig {
  const { get } = envReader(env);
  const token = get('PLATFORM_OPERATOR_TOKEN') ?? null;
  if (token !== null && token.length < 32) throw new Error('PLATFORM_OPERATOR_TOKEN must be at least 32 characters long');
  return {
    token,
    legalName: get('PLATFORM_LEGAL_NAME') ?? 'Flotte',
    address: get('PLATFORM_ADDRESS') ?? 'Douala, Cameroun',
    email: get('PLATFORM_EMAIL') ?? 'facturation@flotte.app',
    phone: get('PLATFORM_PHONE') ?? null,
    taxId: get('PLATFORM_TAX_ID') ?? null,
  };
}
