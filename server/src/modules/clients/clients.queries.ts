import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { normalizePhone } from '@flotte/contract';
import type { TClient, TClientAddress, TClientContact, TClientListQuery, TClientSex, TClientSummary } from '@flotte/contract/clients';
import type { Db, Tx } from '../../platform/db/database.ts';
import { containsPattern, foldText } from '../../platform/db/search-text.ts';
import { DEFAULT_TIME_ZONE, toWireDate } from '../../platform/dates.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { clientAddresses, clientContacts, clients } from './clients.tables.ts';

/**
 * Reads of the clients' tables; every one names the park. The courses module reads its clients
 * through loadClientRef and clientContactOf (a module reaches another through its functions, never
 * its tables).
 */

export type ClientRow = typeof clients.$inferSelect;
export type ClientContactRow = typeof clientContacts.$inferSelect;
export type ClientAddressRow = typeof clientAddresses.$inferSelect;
/** The list's query once parsed (page and itemPerPage defaulted). */
export type ClientListQuery = Omit<TClientListQuery, 'page' | 'itemPerPage'> & { page: number; itemPerPage: number };

/** An id that is not a UUID names no client: read as not found, before any query (a cast would fail). */
export const isId = (id: string) => UUID_PATTERN.test(id);

/** A row of the list and the picker. */
export function clientSummaryOf(r: ClientRow, timeZone = DEFAULT_TIME_ZONE): TClientSummary {
  return {
    id: r.id,
    park_id: r.parkId,
    name: r.name,
    sex: r.sex,
    phone: r.phone,
    email: r.email,
    business_name: r.businessName,
    city: r.city,
    courses_count: r.coursesCount,
    created_at: toWireDate(r.createdAt, timeZone),
  };
}

export const contactOf = (c: ClientContactRow): TClientContact => ({ id: c.id, name: c.name, sex: c.sex, phone: c.phone, email: c.email });
export const addressOf = (a: ClientAddressRow): TClientAddress => ({ id: a.id, name: a.name, description: a.description, latitude: a.latitude, longitude: a.longitude });

/**
 * The search: the folded name, business name, phone and city contain what was typed. A phone typed
 * with spaces or a '+' still finds the stored number (stored normalized, '+237690...').
 */
function searchCondition(typed: string | undefined): SQL | undefined {
  const raw = typed?.trim();
  if (!raw) return undefined;
  const text = foldText(raw);
  const digits = normalizePhone(raw).replace(/^\+/, '');
  const byText = sql`${clients.searchText} like ${containsPattern(text)}`;
  return /^\d+$/.test(digits) && digits !== text ? or(byText, sql`${clients.searchText} like ${containsPattern(digits)}`) : byText;
}

/** A page of the park's clients by name, and how many match in all (exact). */
export async function clientPage(db: Db, parkId: string, q: ClientListQuery): Promise<{ rows: ClientRow[]; total: number }> {
  const where = and(eq(clients.parkId, parkId), searchCondition(q.search))!;
  const { limit, offset } = pageWindow(q);
  const [rows, [{ n }]] = await Promise.all([
    // lower(name), id: the order of clients_park_name_idx, so a page without search reads the index.
    db.select().from(clients).where(where).orderBy(asc(sql`lower(${clients.name})`), asc(clients.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return { rows, total: n };
}

/** The park's client of that id (locked for an edit when asked), or undefined: another park's is unknown. */
export async function clientRow(db: Db | Tx, parkId: string, id: string, lock = false): Promise<ClientRow | undefined> {
  if (!isId(id)) return undefined;
  const query = db.select().from(clients).where(and(eq(clients.id, id), eq(clients.parkId, parkId))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A client's contacts and addresses, in the order the form gave them. */
export async function clientParts(db: Db | Tx, clientId: string): Promise<{ contacts: ClientContactRow[]; addresses: ClientAddressRow[] }> {
  const [contacts, addresses] = await Promise.all([
    db.select().from(clientContacts).where(eq(clientContacts.clientId, clientId)).orderBy(asc(clientContacts.position), asc(clientContacts.id)),
    db.select().from(clientAddresses).where(eq(clientAddresses.clientId, clientId)).orderBy(asc(clientAddresses.position), asc(clientAddresses.id)),
  ]);
  return { contacts, addresses };
}

/** The whole record (GET /client/{id}): the row with its contacts and addresses. */
export async function clientViewOf(db: Db | Tx, row: ClientRow, timeZone = DEFAULT_TIME_ZONE): Promise<TClient> {
  const parts = await clientParts(db, row.id);
  return {
    ...clientSummaryOf(row, timeZone),
    niu: row.niu,
    rccm: row.rccm,
    street: row.street,
    address: row.address,
    contacts: parts.contacts.map(contactOf),
    addresses: parts.addresses.map(addressOf),
  };
}

/** The park's client with its contacts and addresses, or null (missing, another park's, not an id). */
export async function loadClient(db: Db | Tx, parkId: string, id: string, timeZone = DEFAULT_TIME_ZONE): Promise<TClient | null> {
  const row = await clientRow(db, parkId, id);
  return row ? clientViewOf(db, row, timeZone) : null;
}

/** What a course shows of its client (name, phone, civility), or null when the park has no such client. */
export async function loadClientRef(db: Db | Tx, parkId: string, id: string): Promise<{ id: string; name: string; phone: string; sex: TClientSex } | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone, sex: clients.sex })
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.parkId, parkId)))
    .limit(1);
  return row ?? null;
}

/** The contact of that id if it is one of this client's, else null (a course names a contact of its own client only). */
export async function clientContactOf(db: Db | Tx, clientId: string, contactId: string): Promise<TClientContact | null> {
  if (!isId(clientId) || !isId(contactId)) return null;
  const [row] = await db
    .select()
    .from(clientContacts)
    .where(and(eq(clientContacts.id, contactId), eq(clientContacts.clientId, clientId)))
    .limit(1);
  return row ? contactOf(row) : null;
}
