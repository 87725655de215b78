import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tstz } from '../../platform/db/columns.ts';
import { parks, profiles } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';

export type PayinStatus = 'pending' | 'success' | 'failed' | 'expired' | 'cancelled';

/** What a pay-in pays once the provider says it succeeded. */
export interface PayinPurpose {
  kind: 'recipes' | 'exceptional' | 'subscription';
  /** recipes: the amounts to apply to each recipe, in minor units. */
  allocations?: { recipeId: string; amount: number }[];
  comment?: string | null;
  description?: string | null;
  /** exceptional: the day (yyyy-MM-dd) the unscheduled recipe is dated. */
  day?: string | null;
  /** subscription: the invoice it pays (the platform's money: no park account moves). */
  invoiceId?: string;
}

/**
 * A mobile-money collection asked of a driver (Wave checkout, MTN MoMo request-to-pay, CinetPay):
 * pending until the provider's callback or a status check settles it. It applies its purpose
 * exactly once, when it turns 'success' (even after it expired on the validation card).
 */
export const payins = pgTable(
  'payins',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    operatorId: text('operator_id'),
    phone: text('phone').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PayinStatus>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    ussdCode: text('ussd_code'),
    launchUrl: text('launch_url'),
    purpose: jsonb('purpose').$type<PayinPurpose>().notNull(),
    driverId: uuid('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The end of the validation card's countdown; the payment may still succeed later. */
    expiresAt: tstz('expires_at').notNull(),
    settledAt: tstz('settled_at'),
    detail: text('detail'),
  },
  (t) => [
    index('payins_park_idx').on(t.parkId, t.createdAt),
    index('payins_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('payins_provider_ref_key').on(t.provider, t.providerRef),
  ],
);
