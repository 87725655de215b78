import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  FUNDING_LABELS,
  OPERATION_STATUS_LABELS,
  OPERATIONS_SEARCH_MIN,
  subAccountIdOf,
  type TOperation,
  type TOperationPage,
  type TOperationStatus,
  type TOperationTypeFilter,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { anyId } from '../../platform/db/prepared.ts';
import { containsPattern, foldText } from '../../platform/db/search-text.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { fromMinor } from '../../platform/money.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { carComponents } from '../catalog/catalog.tables.ts';
import { imageLink, type FilesDeps } from '../files/files.service.ts';
import { totalsOverDays } from './operation-totals.ts';
import { fundMovementComponents, fundMovements } from './operations.tables.ts';
import { chartOf, type ChartNode } from './sub-accounts.ts';

/**
 * Reading operations: the list (GET /accounting/pnl/operation and GET /accounting) and one
 * operation (the detail dialog). Reversing rows are never listed: their effect shows on the
 * original (struck through, with the cancel comment and canceled_movment_id).
 *
 * A page costs the same in a park of a thousand operations and of a million: the ids of the page
 * come from fund_movements_list_idx (park, operation_date, id, visible rows only) walked backwards,
 * then only those rows are read with their names (scalar sub-selects, one row each). The total
 * comes from the daily totals when they can answer the filter exactly, else it is counted up to a
 * cap beyond the page (counting a million rows would cost more than the page itself).
 */
export interface OperationsDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
}

export interface OperationFilters {
  page: number;
  itemPerPage: number;
  search?: string;
  driver_id?: string;
  vehicle_id?: string;
  caisse_id?: string;
  sub_account_id?: string;
  type?: TOperationTypeFilter;
  status?: TOperationStatus;
  start_date?: string;
  end_date?: string;
}

/** How far past the page the total is counted exactly. */
export const COUNT_AHEAD = 10_000;

const fm = fundMovements;
/**
 * A column of the outer row, qualified: drizzle leaves columns unqualified in a one-table select,
 * and inside `(select … from fund_movements r …)` a bare "id" would be the inner row's.
 */
const outer = (column: string) => sql.raw(`"fund_movements"."${column}"`);

export function statusOf(r: { confirmedAt: Date | null; canceledAt: Date | null }): TOperationStatus {
  if (r.canceledAt) return r.confirmedAt ? 'canceled' : 'refused';
  return r.confirmedAt ? 'confirmed' : 'pending';
}

const STATUS_WHERE: Record<TOperationStatus, SQL> = {
  pending: and(isNull(fm.confirmedAt), isNull(fm.canceledAt))!,
  confirmed: and(isNotNull(fm.confirmedAt), isNull(fm.canceledAt))!,
  canceled: and(isNotNull(fm.confirmedAt), isNotNull(fm.canceledAt))!,
  refused: and(isNull(fm.confirmedAt), isNotNull(fm.canceledAt))!,
};

/** yyyy-MM-dd (the whole day) or a wire date, in the park's zone: [from, to) for a day, [from, to] for an instant. */
function bound(value: string, timeZone: string, field: string, end: boolean): SQL {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = fromWireDate(`${value}T00:00:00`, timeZone, field);
    if (!end) return gte(fm.operationDate, start);
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return lt(fm.operationDate, fromWireDate(`${next}T00:00:00`, timeZone, field));
  }
  const at = fromWireDate(value, timeZone, field);
  return end ? lte(fm.operationDate, at) : gte(fm.operationDate, at);
}

const isUuid = (v: string | undefined): v is string => !!v && UUID_PATTERN.test(v);

/** The operations a name search may find: those of the matching drivers, vehicles and sub-accounts. */
interface NameMatches {
  drivers: string[];
  vehicles: string[];
  subAccounts: string[];
}

/**
 * Spec 001 section 5: the search is a name search (3 characters or more). The names are looked up
 * first, through the drivers' and vehicles' folded search columns (trigram-indexed) and the chart
 * in memory; the operations are then found through their driver, vehicle and sub-account indexes,
 * so a search costs what it finds. (A comment is not a name: searching the text of a million
 * comments would read every row.)
 */
async function nameMatches(db: Db, parkId: string, search: string, chart: Map<string, ChartNode>): Promise<NameMatches> {
  const text = foldText(search);
  const pattern = containsPattern(text);
  const [drivers, vehicles] = await Promise.all([
    db.execute<{ id: string }>(sql`select id from drivers where park_id = ${parkId} and search_text like ${pattern}`),
    db.execute<{ id: string }>(sql`select id from vehicles where park_id = ${parkId} and search_text like ${pattern}`),
  ]);
  return {
    drivers: drivers.rows.map((r) => r.id),
    vehicles: vehicles.rows.map((r) => r.id),
    subAccounts: [...chart.values()].filter((n) => foldText(n.name).includes(text)).flatMap((n) => n.subtree),
  };
}

function whereOf(parkId: string, q: OperationFilters, chart: Map<string, ChartNode>, timeZone: string, names: NameMatches | null): SQL | null {
  const parts: (SQL | undefined)[] = [eq(fm.parkId, parkId), isNull(fm.reversesId)];
  if (q.driver_id) parts.push(eq(fm.driverId, q.driver_id));
  if (q.vehicle_id) parts.push(eq(fm.vehicleId, q.vehicle_id));
  if (q.caisse_id) parts.push(eq(fm.caisseId, q.caisse_id));
  if (q.type && q.type !== 'all') parts.push(eq(fm.type, q.type));
  if (q.status) parts.push(STATUS_WHERE[q.status]);
  const subId = subAccountIdOf(q.sub_account_id);
  if (subId) {
    // A category filters on everything filed under it.
    const node = chart.get(subId);
    if (!node) return null;
    parts.push(node.subtree.length === 1 ? eq(fm.subAccountId, node.id) : inArray(fm.subAccountId, node.subtree));
  }
  if (q.start_date) parts.push(bound(q.start_date, timeZone, 'start_date', false));
  if (q.end_date) parts.push(bound(q.end_date, timeZone, 'end_date', true));
  if (names) {
    if (!names.drivers.length && !names.vehicles.length && !names.subAccounts.length) return null;
    parts.push(
      or(
        names.drivers.length ? anyId(fm.driverId, names.drivers) : undefined,
        names.vehicles.length ? anyId(fm.vehicleId, names.vehicles) : undefined,
        names.subAccounts.length ? anyId(fm.subAccountId, [...new Set(names.subAccounts)]) : undefined,
      ),
    );
  }
  return and(...parts)!;
}

/** GET /accounting/pnl/operation: a page of the park's operations, newest operation date first. */
export async function listOperations(deps: OperationsDeps, actor: ActingProfile, query: OperationFilters): Promise<TOperationPage> {
  const { db } = deps;
  const q = { ...query, start_date: wholeDay(query.start_date, 'T00:00:00'), end_date: wholeDay(query.end_date, 'T23:59:59') };
  for (const [field, v] of [['driver_id', q.driver_id], ['vehicle_id', q.vehicle_id], ['caisse_id', q.caisse_id]] as const) {
    if (v && !isUuid(v)) throw fieldError(field, 'Identifiant invalide');
  }
  const chart = await chartOf(db, actor.parkId);
  const search = q.search?.trim() ?? '';
  const names = search.length >= OPERATIONS_SEARCH_MIN ? await nameMatches(db, actor.parkId, search, chart) : null;
  const where = whereOf(actor.parkId, q, chart, actor.park.timeZone, names);
  const empty = { items: [], meta: { page: q.page, itemPerPage: q.itemPerPage, total: 0, total_is_lower_bound: false } };
  if (!where) return empty;
  const { limit, offset } = pageWindow(q);
  // A search counts less far ahead: its matches are read row by row through three indexes.
  const cap = offset + limit + (names ? COUNT_AHEAD / 10 : COUNT_AHEAD);
  const fromTotals = totalsWhere(actor.parkId, q, chart);
  const [ids, counted] = await Promise.all([
    db.select({ id: fm.id }).from(fm).where(where).orderBy(desc(fm.operationDate), desc(fm.id)).limit(limit).offset(offset),
    fromTotals
      ? db.execute<{ n: number }>(sql`select coalesce(sum(t.visible_count), 0)::int as n from ${fromTotals}`)
      : db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${fm} where ${where} limit ${cap + 1}) t`),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  const items = await readOperations(deps, actor, ids.map((r) => r.id), chart);
  if (fromTotals) return { items, meta: { page: q.page, itemPerPage: q.itemPerPage, total: n, total_is_lower_bound: false } };
  return { items, meta: { page: q.page, itemPerPage: q.itemPerPage, total: Math.min(n, cap), total_is_lower_bound: n > cap } };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound at the very start (or end) of a day is that whole day: 2026-02-01T00:00:00 -> 2026-02-01. */
function wholeDay(value: string | undefined, edge: 'T00:00:00' | 'T23:59:59'): string | undefined {
  return value && value.length === 19 && value.endsWith(edge) && DAY.test(value.slice(0, 10)) ? value.slice(0, 10) : value;
}

/**
 * The same filter on the operation totals (kept by a trigger, see operation-totals.tables.ts),
 * when they can say it exactly: filters by type, sub-account and caisse over whole days or all
 * time, read from the monthly totals and the edge days (a few hundred rows, even for a park's
 * three years and 1,000,000 operations), so the list shows its exact size. Otherwise (a driver, a
 * vehicle, a status, a search, a time of day) the rows are counted up to a cap.
 */
function totalsWhere(parkId: string, q: OperationFilters, chart: Map<string, ChartNode>): SQL | null {
  if (q.driver_id || q.vehicle_id || q.status || (q.search?.trim().length ?? 0) >= OPERATIONS_SEARCH_MIN) return null;
  if ((q.start_date && !DAY.test(q.start_date)) || (q.end_date && !DAY.test(q.end_date))) return null;
  const subId = subAccountIdOf(q.sub_account_id);
  const node = subId ? chart.get(subId) : undefined;
  const filters = [
    q.type && q.type !== 'all' ? sql`t.type = ${q.type}` : undefined,
    node ? sql`t.sub_account_id in (${sql.join(node.subtree.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
    q.caisse_id ? sql`t.caisse_id = ${q.caisse_id}::uuid` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return sql`${totalsOverDays(parkId, q.start_date ?? null, q.end_date ?? null)} t where ${filters.length ? sql.join(filters, sql` and `) : sql`true`}`;
}

/** GET /accounting/pnl/operation/{id}: one operation of the park (a reversing one too, by its id). */
export async function getOperation(deps: OperationsDeps, actor: ActingProfile, id: string): Promise<TOperation> {
  if (!isUuid(id)) throw new AppError('OPERATION_NOT_FOUND');
  const [op] = await readOperations(deps, actor, [id], await chartOf(deps.db, actor.parkId));
  if (!op) throw new AppError('OPERATION_NOT_FOUND');
  return op;
}

type Person = { id: string; first_name: string; last_name: string };

/** The rows of these ids (of the actor's park), in the order given, shaped for the screens. */
async function readOperations(deps: OperationsDeps, actor: ActingProfile, ids: string[], chart: Map<string, ChartNode>): Promise<TOperation[]> {
  if (ids.length === 0) return [];
  const { db } = deps;
  const { currency, timeZone } = actor.park;
  const [rows, parts] = await Promise.all([
    db
      .select({
        m: fm,
        reversal: sql<string | null>`(select r.id from fund_movements r where r.reverses_id = ${outer('id')})`,
        caisse: sql<string | null>`(select c.name from caisses c where c.id = ${outer('caisse_id')})`,
        driver: sql<Person | null>`(select json_build_object('id', d.id, 'first_name', d.first_name, 'last_name', d.last_name) from drivers d where d.id = ${outer('driver_id')})`,
        vehicle: sql<{ id: string; registration_number: string; label: string | null; brand: string | null; model: string | null } | null>`(
          select json_build_object('id', v.id, 'registration_number', v.registration_number, 'label', v.label,
            'brand', (select b.name from brands b where b.id = v.brand_id), 'model', (select mo.name from models mo where mo.id = v.model_id))
          from vehicles v where v.id = ${outer('vehicle_id')})`,
        initiator: sql<Person | null>`(
          select json_build_object('id', p.id, 'first_name', u.first_name, 'last_name', u.last_name)
          from profiles p join users u on u.id = p.user_id where p.id = ${outer('created_by')})`,
        fuel: sql<string | null>`(select f.name from fuel_types f where f.id = ${outer('fuel_type_id')})`,
        supplier: sql<string | null>`(select s.name from suppliers s where s.id = ${outer('supplier_id')})`,
      })
      .from(fm)
      .where(and(eq(fm.parkId, actor.parkId), anyId(fm.id, ids))),
    db
      .select({ movementId: fundMovementComponents.movementId, id: carComponents.id, name: carComponents.name, amount: fundMovementComponents.amount })
      .from(fundMovementComponents)
      .innerJoin(carComponents, eq(carComponents.id, fundMovementComponents.componentId))
      .where(anyId(fundMovementComponents.movementId, ids))
      .orderBy(asc(carComponents.name)),
  ]);
  const byId = new Map(rows.map((r) => [r.m.id, r]));
  const wire = (d: Date | null) => (d ? toWireDate(d, timeZone) : null);
  const money = (minor: number) => fromMinor(Number(minor), currency);
  return ids.flatMap((id): TOperation[] => {
    const r = byId.get(id);
    if (!r) return [];
    const m = r.m;
    const node = chart.get(m.subAccountId);
    const status = statusOf(m);
    return [
      {
        id: m.id,
        operation_date: wire(m.operationDate)!,
        created_at: wire(m.createdAt)!,
        type: m.type,
        category: node ? node.category : null,
        sub_category: { id: m.subAccountId, name: node?.name ?? '', code: node?.code ?? null },
        amount: money(m.amount),
        status,
        status_label: OPERATION_STATUS_LABELS[status],
        confirmed: m.confirmedAt !== null,
        confirmed_at: wire(m.confirmedAt),
        canceled_at: wire(m.canceledAt),
        canceled_movment_id: r.reversal,
        cancel_comment: m.cancelComment,
        reverses_id: m.reversesId,
        collect_method: m.collectMethod,
        driver: r.driver,
        vehicle: r.vehicle,
        profile_initiator: r.initiator,
        comment: m.comment,
        caisse: { id: m.caisseId, name: r.caisse ?? FUNDING_LABELS[m.funding] },
        funding: m.funding,
        file_link: m.fileId ? imageLink(deps.files, `/api/file/${m.fileId}`) : null,
        type_carburant: m.fuelTypeId !== null && r.fuel !== null ? { id: m.fuelTypeId, name: r.fuel } : null,
        litre_carburant: m.fuelLitres === null ? null : Number(m.fuelLitres),
        components: parts.filter((p) => p.movementId === m.id).map((p) => ({ id: p.id, name: p.name, amount: money(p.amount) })),
        transaction_id: m.transactionId,
        supplier: m.supplierId !== null && r.supplier !== null ? { id: m.supplierId, name: r.supplier } : null,
        maintenance_id: m.maintenanceId,
      },
    ];
  });
}
