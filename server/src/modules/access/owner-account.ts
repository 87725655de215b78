import { OWNER_ROLE, PARK_COUNTRIES, type TParkCountryCode } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { profiles, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import type { Identifier } from './identity.ts';
import { insertPark, type NewPark } from './parks.service.ts';

/**
 * A fleet owner's account: the user, his first park (with everything a park starts with) and his
 * owner profile in it, created together or not at all. Used by a confirmed sign-up and by the
 * operator's `owner:create` command; `addOwnedPark` gives an existing owner another park.
 */
export interface NewParkFields {
  name: string;
  city: string;
  countryCode: TParkCountryCode;
}

export interface NewOwnerAccount {
  ownerType: 'particulier' | 'professionnel';
  companyName?: string | null;
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  /** Already hashed; null for an account whose owner will choose it ("Mot de passe oublié ?"). */
  passwordHash: string | null;
  park: NewParkFields;
}

/** Which of these contacts already belong to an account (sign-up and owner:create check first). */
export async function contactsWithAccount(db: Db, contacts: { email: string | null; phone: string | null }): Promise<Identifier[]> {
  const ids: Identifier[] = [];
  if (contacts.email) ids.push({ kind: 'email', value: contacts.email });
  if (contacts.phone) ids.push({ kind: 'phone', value: contacts.phone });
  const found = await Promise.all(ids.map((id) => q.findUserByIdentifier(db, id)));
  return ids.filter((_, i) => found[i] !== undefined);
}

/** The country gives the park its currency, calling code and time zone. */
export function parkOfCountry(p: NewParkFields): NewPark {
  const country = PARK_COUNTRIES[p.countryCode];
  return {
    name: p.name,
    city: p.city,
    countryCode: p.countryCode,
    currency: country.currency,
    phoneCode: country.phone_code,
    timeZone: country.time_zone,
  };
}

export async function createOwnerAccount(db: Db, v: NewOwnerAccount) {
  try {
    return await db.transaction((tx) => insertOwnerAccount(tx, v));
  } catch (err) {
    // The contact was free when checked, and someone took it since.
    if (isUniqueViolation(err)) throw new AppError('CONTACT_TAKEN');
    throw err;
  }
}

/** The same, inside the caller's transaction (a confirmed sign-up claims its row in it too). */
export async function insertOwnerAccount(tx: Tx, v: NewOwnerAccount) {
  const [user] = await tx
    .insert(users)
    .values({
      email: v.email ?? null,
      phone: v.phone ?? null,
      passwordHash: v.passwordHash,
      firstName: v.firstName,
      lastName: v.lastName,
      ownerType: v.ownerType,
      companyName: v.ownerType === 'professionnel' ? (v.companyName ?? null) : null,
      countryIsoCode: v.park.countryCode,
    })
    .returning();
  const { park, profile } = await insertOwnedPark(tx, user.id, v.park);
  return { user, park, profile };
}

/** Another park for an existing owner: the park, its setup and his owner profile in it. */
export async function addOwnedPark(db: Db, userId: string, fields: NewParkFields) {
  return db.transaction((tx) => insertOwnedPark(tx, userId, fields));
}

async function insertOwnedPark(tx: Tx, userId: string, fields: NewParkFields) {
  const park = await insertPark(tx, parkOfCountry(fields));
  const [profile] = await tx.insert(profiles).values({ userId, parkId: park.id, type: 'proprietaire', role: OWNER_ROLE }).returning();
  return { park, profile };
}
