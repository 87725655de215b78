import { platformOperatorConfigFromEnv, type PlatformOperatorConfig } from './platform-operator.config.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments/payments.config.ts';
import { mapsConfigFromEnv, type MapsConfig } from './maps/maps.config.ts';
import { storageConfigFromEnv, type StorageConfig } from './storage/storage.config.ts';
import { secretsKeyFrom } from './secrets/secret-box.ts';
import { yangoConfigFromEnv, type YangoConfig } from '../integrations/yango/yango.config.ts';
import { gpsConfigFromEnv, type GpsConfig } from '../integrations/gps/gps.config.ts';

/**
 * Everything the server reads from the environment, read once at start. README.md lists every
 * variable with its default; keep the two in step.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server URL; unset means the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  /** Demo mode: seeds the demo park and writes messages to the readable outbox. */
  demo: boolean;
  /** The dev outbox route, on in demo mode or with FLOTTE_DEV_OUTBOX=1. */
  devOutbox: boolean;
  jwtSecret: Uint8Array;
  /** Seals the credentials parks give us (platform/secrets): SECRETS_KEY, else derived from the signing secret. */
  secretsKey: Uint8Array;
  logLevel: string;
  /** Whether cookies get the Secure flag (on behind HTTPS). */
  cookieSecure: boolean;
  trustProxy: boolean;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /** Scheduled jobs (pg-boss). Off in most tests, which don't need them. */
  jobs: boolean;
  /** Folder of the built web app to serve, if present. */
  webDist: string;
  /** Where people open the app; messages (invitations) link to it. */
  publicUrl: string;
  /** Requests per minute and address on sign-in, code and PIN routes. */
  signInRateLimit: number;
  /** One-time codes sent to one address per 15 minutes (3 by default). */
  otpSendLimit: number;
  /** Payment providers for withdrawals: simulators (default outside production) or live clients. */
  payments: PaymentsConfig;
  /** Geocoder, router and map tiles: simulators (default outside production) or live services. */
  maps: MapsConfig;
  /** The Yango Fleet API: a loopback simulator (default outside production) or the live service. */
  yango: YangoConfig;
  gps: GpsConfig;
  /** Where uploaded files live: DATA_DIR (default) or an S3-compatible bucket (S3_BUCKET set). */
  storage: StorageConfig;
  /** Redis for the rate-limit counters shared by several instances; unset counts in memory. */
  redisUrl?: string;
  /** FLOTTE_SIGNUP: whether anyone may create an owner account (open outside production by default). */
  signupOpen: boolean;
  /** Who sells the subscriptions (invoices) and the token of its area. */
  platformOperator: PlatformOperatorConfig;
}

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function int(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
}

/**
 * The signing secret for access tokens: JWT_SECRET when set (required in production), otherwise a
 * random one kept in the data folder so sessions survive a restart.
 */
function loadJwtSecret(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (production) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, '.jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** FLOTTE_SIGNUP=open|closed; closed by default in production, where an operator creates owners. */
function signupSetting(v: string | undefined, production: boolean): boolean {
  if (v === undefined || v === '') return !production;
  if (v === 'open' || v === 'closed') return v === 'open';
  throw new Error(`FLOTTE_SIGNUP must be open or closed, got "${v}"`);
}

/** The repository root, found from this file whether it runs from src/ or a bundle in dist/. */
function findRepoRoot(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'web', 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = nodeEnv === 'production';
  const demo = bool(env.FLOTTE_DEMO, !production);
  if (demo && production) {
    throw new Error('FLOTTE_DEMO cannot be on when NODE_ENV=production: demo mode exposes one-time codes.');
  }
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const jwtSecret = overrides.jwtSecret ?? loadJwtSecret(env, dataDir, production);
  const config: Config = {
    env: nodeEnv,
    port: int('PORT', env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo,
    devOutbox: demo || bool(env.FLOTTE_DEV_OUTBOX, false),
    jwtSecret,
    secretsKey: overrides.secretsKey ?? secretsKeyFrom(env, jwtSecret),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    cookieSecure: bool(env.COOKIE_SECURE, production),
    trustProxy: bool(env.TRUST_PROXY, false),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', env.BODY_LIMIT_BYTES, 1024 * 1024),
    uploadLimitBytes: int('UPLOAD_LIMIT_BYTES', env.UPLOAD_LIMIT_BYTES, 5 * 1024 * 1024),
    jobs: bool(env.FLOTTE_JOBS, true),
    signInRateLimit: int('SIGNIN_RATE_LIMIT', env.SIGNIN_RATE_LIMIT, nodeEnv === 'test' ? 1000 : 10),
    otpSendLimit: int('OTP_SEND_LIMIT', env.OTP_SEND_LIMIT, 3),
    payments: paymentsConfigFromEnv(env, production),
    maps: mapsConfigFromEnv(env, production),
    yango: yangoConfigFromEnv(env, production),
    gps: gpsConfigFromEnv(env, production),
    storage: storageConfigFromEnv(env, dataDir),
    redisUrl: env.REDIS_URL || undefined,
    signupOpen: signupSetting(env.FLOTTE_SIGNUP, production),
    platformOperator: platformOperatorConfigFromEnv(env),
    webDist: path.resolve(env.WEB_DIST || path.join(findRepoRoot(), 'web/dist')),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int('PORT', env.PORT, 3000)}`).replace(/\/+$/, ''),
  };
  if (config.devOutbox && production) {
    throw new Error('FLOTTE_DEV_OUTBOX cannot be on when NODE_ENV=production.');
  }
  return { ...config, ...overrides };
}
