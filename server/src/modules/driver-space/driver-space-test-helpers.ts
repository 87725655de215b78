import { randomBytes } from 'node:crypto';
import type { TestContext } from '../../../test/test-context.ts';
import { drivers } from '../drivers/drivers.tables.ts';

/** Test helpers of the driver space: a driver of a park with a phone, and his sign-in by code. */

export function freshDriverPhone(): string {
  return `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
}

/** A driver written straight into the park (the drivers module's form is tested there). */
export async function insertPhoneDriver(
  ctx: TestContext,
  parkId: string,
  v: { phone?: string; firstName?: string; lastName?: string } = {},
): Promise<{ id: string; phone: string }> {
  const phone = v.phone ?? freshDriverPhone();
  const [row] = await ctx.database.db
    .insert(drivers)
    .values({ parkId, phone, firstName: v.firstName ?? 'Paul', lastName: v.lastName ?? 'Essomba' })
    .returning({ id: drivers.id });
  return { id: row.id, phone };
}

export interface DriverSession {
  token: string;
  profileId: string;
  parkId: string;
  hasPin: boolean;
  userType: string;
}

/** Signs a driver in through the real routes: his phone, the code from the outbox. */
export async function signInDriver(ctx: TestContext, phone: string): Promise<DriverSession> {
  const login = await ctx.api('POST', '/api/auth/driver/login', { body: { phone } });
  if (login.code !== 5000) throw new Error(`driver login failed: ${login.status} ${login.message}`);
  const otp = await ctx.latestOtp(phone);
  const verified = await ctx.api('POST', '/api/auth/driver/verify-otp', { body: { phone, code: login.data.code, otp } });
  if (verified.code !== 5000) throw new Error(`driver otp failed: ${verified.status} ${verified.message}`);
  return {
    token: verified.data.token,
    profileId: verified.data.profile_id,
    parkId: verified.data.park_id,
    hasPin: verified.data.has_pin_code,
    userType: verified.data.user_type,
  };
}
