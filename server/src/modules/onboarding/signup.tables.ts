import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz } from '../../platform/db/columns.ts';

/**
 * A sign-up waiting for its code: everything the form held, and the code's digest. Nothing else
 * exists yet (no user, no park): confirming the code creates them all in one transaction, and an
 * unconfirmed sign-up is deleted once `pendingUntil` has passed; a confirmed one is deleted by
 * the transaction that creates the account. The id is the `code` the client
 * holds, as for sign-in challenges.
 */
export const signups = pgTable(
  'signups',
  {
    id: idColumn(),
    ownerType: text('owner_type').$type<'particulier' | 'professionnel'>().notNull(),
    etsName: text('ets_name'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    parkName: text('park_name').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    /** Where the code went. */
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /**
     * A contact of the form already belongs to an account: its owner was told instead of being
     * sent a code, and this sign-up can never be confirmed (the answer looked the same).
     */
    contactKnown: boolean('contact_known').notNull().default(false),
    codeExpiresAt: tstz('code_expires_at').notNull(),
    pendingUntil: tstz('pending_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('signups_pending_until_idx').on(t.pendingUntil)],
);
