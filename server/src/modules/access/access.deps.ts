import type { Db } from '../../platform/db/database.ts';
import type { Notifier } from '../../platform/notifier/notifier.types.ts';

/** What the access services need, passed in so tests can build them on any database. */
export interface AccessDeps {
  db: Db;
  /** Signs access tokens and keys the one-time-code digests. */
  jwtSecret: Uint8Array;
  notifier: Notifier;
  /** Codes sent to one address per window (OTP_SEND_LIMIT); the contract's OTP_MAX_SENDS by default. */
  otpMaxSends?: number;
  /** The app's address, for links in messages (PUBLIC_URL). */
  publicUrl?: string;
}

/** Who is asking: kept on the session for the owner's list of signed-in devices. */
export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}
