import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';

/**
 * Who may sign in (users), the fleets they work in (parks, the tenant), and the link between them
 * (profiles: one user acts in a park under a login type, with roles).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    pinHash: text('pin_hash'),
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedAt: tstz('pin_locked_at'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    image: text('image'),
    ownerType: text('owner_type').$type<'particulier' | 'professionnel'>().notNull().default('particulier'),
    /** A professional owner's company (sign-up); each park keeps its own name. */
    companyName: text('company_name'),
    countryIsoCode: text('country_iso_code'),
    disabledAt: tstz('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.phone} is not null`),
  ],
);

export const parks = pgTable(
  'parks',
  {
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    logo: text('logo'),
    countryCode: text('country_code').notNull(),
    city: text('city'),
    currency: text('currency').notNull(),
    timeZone: text('time_zone').notNull().default('Africa/Douala'),
    phone: text('phone'),
    phoneCode: text('phone_code'),
    legalNotice: text('legal_notice'),
    /** When on, new operations wait for the owner's confirmation before they count. */
    operationsNeedConfirmation: boolean('operations_need_confirmation').notNull().default(false),
    /** A service reminder is 'soon' this many days or kilometres before it falls due (issue 18 section 2). */
    serviceSoonDays: integer('service_soon_days').notNull().default(30),
    serviceSoonKm: integer('service_soon_km').notNull().default(1000),
    /** Phone positions (driver_positions) are kept this many days, then deleted (issue 22 section 2). */
    gpsRetentionDays: integer('gps_retention_days').notNull().default(90),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('parks_code_key').on(t.code)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** The login type this profile is reached through (proprietaire, agent, partner ...). */
    type: text('type').notNull(),
    /** 'OWNER' for the park's owner, who holds every permission; 'MEMBER' otherwise. */
    role: text('role').notNull().default('MEMBER'),
    removedAt: tstz('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_user_park_type_key').on(t.userId, t.parkId, t.type),
    index('profiles_park_idx').on(t.parkId),
  ],
);

/** A named group of permissions, per park. */
export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_park_name_key').on(t.parkId, t.name), index('roles_park_idx').on(t.parkId)],
);

export const profileRoles = pgTable(
  'profile_roles',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.roleId] }), index('profile_roles_park_idx').on(t.parkId)],
);

/**
 * A signed-in session: one refresh-token family. Revoking it ends every token of the family, and
 * the PIN step-up is remembered here.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    loginType: text('login_type').notNull(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    pinVerifiedAt: tstz('pin_verified_at'),
    revokedAt: tstz('revoked_at'),
    revokedReason: text('revoked_reason'),
    lastUsedAt: tstz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed. A used one has rotatedAt set; presenting it again is reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    rotatedAt: tstz('rotated_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * A one-time-code challenge: sign-in (after the password), password reset, or the reset grant that
 * follows a verified reset code. The code the client holds is this row's id.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'login' | 'forgot_password' | 'password_reset_grant'>().notNull(),
    loginType: text('login_type'),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_challenges_user_idx').on(t.userId, t.purpose)],
);

/** Every code sent, to cap sends per recipient in a sliding window. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: idColumn(),
    recipient: text('recipient').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_sends_recipient_idx').on(t.recipient, t.createdAt)],
);
