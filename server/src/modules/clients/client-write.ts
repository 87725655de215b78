import { and, eq, inArray } from 'drizzle-orm';
import type { TClient, TClientInputParsed } from '@flotte/contract/clients';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { clientRow, clientViewOf } from './clients.queries.ts';
import { clientAddresses, clientContacts, clients } from './clients.tables.ts';

/**
 * Creating and editing a client (POST and PUT /client). The form sends the whole record: an edit
 * empties the optional fields it leaves out and replaces the contacts and addresses with the lists
 * sent, in one transaction under the client's row lock (two edits at once apply one after the
 * other, never interleaved).
 *
 * Rows the edit leaves as they were keep their ids, and so does a contact whose phone stays while
 * its other details change: courses name their contact (contact_id, emptied on delete), so a
 * client edited for a typo must not lose the contact of every course booked for him.
 */

export interface ClientWriteCtx {
  parkId: string;
  profileId: string;
  timeZone: string;
}

type ContactInput = TClientInputParsed['contacts'][number];
type AddressInput = TClientInputParsed['addresses'][number];

function columnsOf(input: TClientInputParsed) {
  return {
    name: input.name,
    sex: input.sex,
    phone: input.phone,
    email: input.email ?? null,
    niu: input.niu ?? null,
    rccm: input.rccm ?? null,
    businessName: input.business_name ?? null,
    city: input.city ?? null,
    street: input.street ?? null,
    address: input.address ?? null,
  };
}

const contactColumns = (c: ContactInput) => ({ name: c.name, sex: c.sex, phone: c.phone, email: c.email ?? null });
const addressColumns = (a: AddressInput) => ({ name: a.name, description: a.description ?? null, latitude: a.latitude, longitude: a.longitude });

/**
 * For each incoming item, the id of the stored row it continues, or null for a new one. Keys are
 * tried in turn (the exact content first, then looser ones); each stored row serves once.
 */
export function matchRows<S extends { id: string }, I>(stored: S[], incoming: I[], keys: { stored: (s: S) => string; incoming: (i: I) => string }[]): (string | null)[] {
  const used = new Set<string>();
  const out: (string | null)[] = incoming.map(() => null);
  for (const key of keys) {
    const free = new Map<string, string[]>();
    for (const s of stored) {
      if (used.has(s.id)) continue;
      const k = key.stored(s);
      free.set(k, [...(free.get(k) ?? []), s.id]);
    }
    incoming.forEach((item, i) => {
      if (out[i]) return;
      const id = free.get(key.incoming(item))?.shift();
      if (id) {
        out[i] = id;
        used.add(id);
      }
    });
  }
  return out;
}

const same = (...parts: unknown[]) => JSON.stringify(parts);
const contactKeys = [
  { stored: (c: ReturnType<typeof contactColumns>) => same(c.name, c.sex, c.phone, c.email), incoming: (c: ContactInput) => same(...Object.values(contactColumns(c))) },
  { stored: (c: { phone: string }) => c.phone, incoming: (c: ContactInput) => c.phone },
];
const addressKeys = [
  {
    stored: (a: ReturnType<typeof addressColumns>) => same(a.name, a.description, a.latitude, a.longitude),
    incoming: (a: AddressInput) => same(...Object.values(addressColumns(a))),
  },
];

/**
 * Replaces one list (contacts or addresses) of a client: matched rows are updated in place (their
 * position, and their content when it changed), the others deleted, the new ones inserted.
 */
async function replaceList<T extends typeof clientContacts | typeof clientAddresses, R extends { id: string }, I, C extends object>(
  tx: Tx,
  table: T,
  base: { parkId: string; clientId: string },
  stored: R[],
  incoming: I[],
  columns: (i: I) => C,
  keys: { stored: (s: R) => string; incoming: (i: I) => string }[],
): Promise<void> {
  const matched = matchRows(stored, incoming, keys);
  const kept = new Set(matched.filter((id): id is string => !!id));
  const gone = stored.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(table).where(and(eq(table.clientId, base.clientId), inArray(table.id, gone)));
  const fresh: (C & { parkId: string; clientId: string; position: number })[] = [];
  for (const [position, item] of incoming.entries()) {
    const id = matched[position];
    if (id) await tx.update(table).set({ ...columns(item), position } as never).where(eq(table.id, id));
    else fresh.push({ ...columns(item), ...base, position });
  }
  if (fresh.length) await tx.insert(table).values(fresh as never);
}

async function writeParts(tx: Tx, parkId: string, clientId: string, input: TClientInputParsed, isNew: boolean): Promise<void> {
  const base = { parkId, clientId };
  const [contacts, addresses] = isNew
    ? [[], []]
    : await Promise.all([
      tx.select().from(clientContacts).where(eq(clientContacts.clientId, clientId)),
      tx.select().from(clientAddresses).where(eq(clientAddresses.clientId, clientId)),
    ]);
  await replaceList(tx, clientContacts, base, contacts, input.contacts, contactColumns, contactKeys);
  await replaceList(tx, clientAddresses, base, addresses, input.addresses, addressColumns, addressKeys);
}

export async function createClient(db: Db, ctx: ClientWriteCtx, input: TClientInputParsed): Promise<TClient> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(clients).values({ parkId: ctx.parkId, ...columnsOf(input), createdBy: ctx.profileId }).returning();
    await writeParts(tx, ctx.parkId, row.id, input, true);
    return clientViewOf(tx, row, ctx.timeZone);
  });
}

/** The whole record replaced; another park's client (or no client) is CLIENT_NOT_FOUND (404). */
export async function updateClient(db: Db, ctx: ClientWriteCtx, id: string, input: TClientInputParsed): Promise<TClient> {
  return db.transaction(async (tx) => {
    const current = await clientRow(tx, ctx.parkId, id, true);
    if (!current) throw new AppError('CLIENT_NOT_FOUND');
    const [row] = await tx
      .update(clients)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(clients.id, id), eq(clients.parkId, ctx.parkId)))
      .returning();
    await writeParts(tx, ctx.parkId, id, input, false);
    return clientViewOf(tx, row, ctx.timeZone);
  });
}
