import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz, updatedAt } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

/**
 * Vehicle GPS and penalty triggers (issue 22 sections 1 and 3). The provider (flespi or Traccar)
 * stores the positions; we keep the park's connection, its triggers, each trigger's episodes (one
 * per driver's unpaid run, the key that makes an action happen once across app instances) and the
 * log of every action sent.
 */

/** One per park: the telematics provider and its credentials, the secret sealed at rest (platform/secrets). */
export const gpsConnections = pgTable('gps_connections', {
  parkId: uuid('park_id')
    .primaryKey()
    .references(() => parks.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'flespi' | 'traccar'>().notNull(),
  /** Traccar's server root (…/api is added); null for flespi (the configured flespi root). */
  baseUrl: text('base_url'),
  /** Traccar user for Basic auth; null when the secret is a token. */
  username: text('username'),
  /** The flespi token, Traccar token or Traccar password, sealed by secret-box (associated data: the park id). */
  secretSealed: text('secret_sealed').notNull(),
  secretLast4: text('secret_last4').notNull(),
  /** flespi command texts (codec12 payloads) for the lock, its release and the buzzer; null = the defaults. */
  lockCommand: text('lock_command'),
  unlockCommand: text('unlock_command'),
  buzzerCommand: text('buzzer_command'),
  devices: integer('devices'),
  status: text('status').$type<'ok' | 'failing'>().notNull().default('ok'),
  lastError: text('last_error'),
  checkedAt: tstz('checked_at'),
  updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A park's penalty trigger (spec 000 section 3 'Penalty trigger'). */
export const penaltyTriggers = pgTable(
  'penalty_triggers',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    calculationType: text('calculation_type').$type<'time' | 'amount'>().notNull(),
    graceDays: integer('grace_days').notNull().default(0),
    graceHours: integer('grace_hours').notNull().default(5),
    actionType: text('action_type').$type<'percentage' | 'fixed'>(),
    /** 'amount' triggers: a percent (1-100) of the objective, or an amount in minor units when action_type is 'fixed'. */
    threshold: bigint('threshold', { mode: 'number' }),
    selectedAction: text('selected_action').$type<'lock' | 'buzzer' | 'notification'>().notNull(),
    buzzerDuration: integer('buzzer_duration'),
    /** Minutes the vehicle must have been stopped before a lock goes out; 0 = as soon as it is stopped. */
    stopDelay: integer('stop_delay'),
    buzzerMode: text('buzzer_mode').$type<'continuous' | 'intermittent' | 'progressive'>(),
    autoCancel: boolean('auto_cancel').notNull().default(true),
    notificationType: text('notification_type').$type<'sms' | 'email' | 'push'>().notNull().default('email'),
    notificationMessage: text('notification_message'),
    enabled: boolean('enabled').notNull().default(true),
    /** Empty: every vehicle of the park; else the vehicles of these groups. */
    vehicleGroupIds: uuid('vehicle_group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('penalty_triggers_park_idx').on(t.parkId, t.createdAt)],
);

/**
 * One trigger acting on one driver's unpaid episode: the run of unpaid recipes that began on
 * episode_start. The unique key is what makes a trigger act once per episode, whichever instance
 * evaluates first (insert … on conflict do nothing).
 */
export const triggerEpisodes = pgTable(
  'trigger_episodes',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    /** Null once the trigger is deleted; the title stays for the log. */
    triggerId: uuid('trigger_id').references(() => penaltyTriggers.id, { onDelete: 'set null' }),
    triggerTitle: text('trigger_title').notNull(),
    action: text('action').$type<'lock' | 'buzzer' | 'notification'>().notNull(),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The day of the oldest unpaid recipe of the run (park zone). */
    episodeStart: date('episode_start').notNull(),
    state: text('state').$type<'waiting' | 'done' | 'released' | 'failed' | 'cancelled'>().notNull(),
    /** Debt and objective when the trigger fired, in minor units. */
    debt: bigint('debt', { mode: 'number' }).notNull(),
    objective: bigint('objective', { mode: 'number' }).notNull(),
    firedAt: tstz('fired_at').notNull().defaultNow(),
    doneAt: tstz('done_at'),
    /** A waiting lock's next look at the vehicle. */
    nextAttemptAt: tstz('next_attempt_at'),
    attempts: integer('attempts').notNull().default(0),
    lastAnswer: text('last_answer'),
    releasedAt: tstz('released_at'),
    releasedBy: uuid('released_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('trigger_episodes_once_key').on(t.triggerId, t.driverId, t.episodeStart),
    index('trigger_episodes_open_idx').on(t.parkId, t.state).where(sql`${t.state} in ('waiting', 'done')`),
    index('trigger_episodes_vehicle_idx').on(t.vehicleId),
    // The episodes pages: a park's newest first (with an action or a state, a short walk of it).
    index('trigger_episodes_park_fired_idx').on(t.parkId, t.firedAt, t.id),
  ],
);

/** Every action sent (or deferred) to a device or a driver, with who or what caused it and the answer. */
export const gpsActionLog = pgTable(
  'gps_action_log',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull().defaultNow(),
    kind: text('kind').$type<'notification' | 'buzzer' | 'lock' | 'unlock' | 'lock_deferred'>().notNull(),
    cause: text('cause').$type<'trigger' | 'auto_cancel' | 'manual'>().notNull(),
    causedBy: uuid('caused_by').references(() => profiles.id, { onDelete: 'set null' }),
    episodeId: uuid('episode_id').references(() => triggerEpisodes.id, { onDelete: 'set null' }),
    triggerTitle: text('trigger_title'),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    debt: bigint('debt', { mode: 'number' }),
    objective: bigint('objective', { mode: 'number' }),
    outcome: text('outcome').$type<'sent' | 'queued' | 'waiting' | 'failed' | 'offline'>().notNull(),
    answer: text('answer'),
  },
  (t) => [index('gps_action_log_park_idx').on(t.parkId, t.at)],
);

/** What a driver is told in his own space (a trigger's 'push' notification); read there (issue 22 section 2). */
export const driverNotifications = pgTable(
  'driver_notifications',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [index('driver_notifications_driver_idx').on(t.driverId, t.createdAt)],
);
