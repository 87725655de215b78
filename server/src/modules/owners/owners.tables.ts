import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.ts';
import { parks } from '../access/access.tables.ts';

/** Who owns a vehicle of the park (spec 002: owners): a person (individuel) or a company (entreprise). */
export const vehicleOwners = pgTable(
  'vehicle_owners',
  {
    id: idColumn(),
    parkId: uuid('park_id').notNull().references(() => parks.id, { onDelete: 'cascade' }),
    type: text('type').$type<'individuel' | 'entreprise'>().notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    businessName: text('business_name'),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    cniNumber: text('cni_number'),
    driverLicenceNumber: text('driver_licence_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicle_owners_park_idx').on(t.parkId)],
);
