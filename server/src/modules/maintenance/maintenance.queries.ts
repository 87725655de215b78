import type { TMaintenance, TMaintenancePage, TMaintenanceState, TMaintenanceStatus, TMaintenanceStatusFilter, TRepairType } from '@flotte/contract';
import { asc } from 'drizzle-orm';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { statementValues, textQuery } from '../../platform/db/prepared.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { fromMinor } from '../../platform/money.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { imageLink, signedUrl, type FilesDeps } from '../files/files.service.ts';
import { repairTypes } from './maintenance.tables.ts';

/**
 * Reading maintenances: the list (GET /entretien) and one (GET /entretien/{id}), both from one
 * statement. The page's ids come from the (park, start) or (park, status, start) index walked
 * backwards (newest start first), or the vehicle's or supplier's index when filtered on one; then
 * only those rows are read with their names, items and operations (scalar sub-selects, one row
 * each). The state (scheduled, in progress, to close) is computed in SQL from the request's
 * instant. The total is counted exactly up to a cap past the page: a park with 200,000
 * maintenances would otherwise count them all on every page.
 */
export interface MaintenanceDeps {
  db: Db;
  files: Pick<FilesDeps, 'signingKey'>;
}

export interface MaintenanceFilters {
  page: number;
  itemPerPage: number;
  vehicle_id?: string;
  supplier_id?: string;
  status?: TMaintenanceStatusFilter;
  start_date?: string;
  end_date?: string;
}

/**
 * How far past the page the total is counted exactly: the count walks the page's index in the
 * page's order and stops there (a thousand index entries cost well under a millisecond; counting
 * every row of a 200,000-maintenance park costs tens), which is enough to page on.
 */
export const COUNT_AHEAD = 1_000;

interface Row {
  total: number;
  id: string | null;
  vehicle_id: string;
  registration_number: string;
  vehicle_label: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  description: string | null;
  duration_choice: number;
  start_at: Date | string;
  end_at: Date | string;
  status: TMaintenanceStatus;
  state: TMaintenanceState;
  estimated_amount: string | number;
  amount: string | number | null;
  images: string[] | null;
  invoice_file_id: string | null;
  invoice_name: string | null;
  invoice_size: string | number | null;
  caisse_id: string | null;
  caisse_name: string | null;
  mileage: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  canceled_at: Date | string | null;
  items: { repair_type_id: number; repair_type_name: string; component_id: number; name: string; estimated_amount: number; amount: number | null }[];
  operations: { id: string; amount: number; sub_id: string; sub_name: string; sub_code: string | null }[];
}

const STATE_SQL = (now: string) => `case when m.status <> 'available' then m.status
    when m.start_at > ${now} then 'scheduled' when m.end_at > ${now} then 'in_progress' else 'to_close' end`;

/** The condition of each status filter; `now` is the placeholder of the request's instant. */
function statusWhere(status: TMaintenanceStatusFilter, now: () => string): string {
  switch (status) {
    case 'available':
      return `m.status = 'available'`;
    case 'scheduled':
      return `m.status = 'available' and m.start_at > ${now()}`;
    case 'in_progress':
      return `m.status = 'available' and m.start_at <= ${now()} and m.end_at > ${now()}`;
    case 'to_close':
      return `m.status = 'available' and m.end_at <= ${now()}`;
    default:
      return `m.status = '${status === 'finished' ? 'finished' : 'canceled'}'`;
  }
}

/** A period bound: a day (its start, or the next day's start for the end) or a wire date, in the park's zone. */
function boundAt(value: string, timeZone: string, field: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = end ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : value;
    return fromWireDate(`${day}T00:00:00`, timeZone, field);
  }
  const at = fromWireDate(value, timeZone, field);
  return end ? new Date(at.getTime() + 1000) : at;
}

const isUuid = (v: string | undefined): v is string => !!v && UUID_PATTERN.test(v);

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

async function selectMaintenances(
  db: object,
  actor: ActingProfile,
  f: Partial<MaintenanceFilters> & { id?: string },
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: Row[]; total: number; capped: boolean }> {
  const { timeZone } = actor.park;
  const { values, $ } = statementValues();
  let nowRef: string | null = null;
  const at = () => (nowRef ??= `${$(now.toISOString())}::timestamptz`);
  const conds = [`m.park_id = ${$(actor.parkId)}::uuid`];
  if (f.id) conds.push(`m.id = ${$(f.id)}::uuid`);
  if (f.vehicle_id) conds.push(`m.vehicle_id = ${$(f.vehicle_id)}::uuid`);
  if (f.supplier_id) conds.push(`m.supplier_id = ${$(f.supplier_id)}::uuid`);
  if (f.status) conds.push(statusWhere(f.status, at));
  // A period holds the maintenances that meet it: ending after its start, starting before its end.
  if (f.start_date) conds.push(`m.end_at > ${$(boundAt(f.start_date, timeZone, 'start_date', false).toISOString())}::timestamptz`);
  if (f.end_date) conds.push(`m.start_at < ${$(boundAt(f.end_date, timeZone, 'end_date', true).toISOString())}::timestamptz`);
  const where = conds.join(' and ');
  const cap = window.offset + window.limit + COUNT_AHEAD;
  const statement = `with page as (
      select m.id, m.start_at from maintenances m where ${where}
       order by m.start_at desc, m.id desc limit ${$(window.limit)} offset ${$(window.offset)})
    select t.total, m.id, m.vehicle_id, v.registration_number, v.label as vehicle_label,
      m.supplier_id, (select s.name from suppliers s where s.id = m.supplier_id) as supplier_name,
      m.description, m.duration_choice, m.start_at, m.end_at, m.status, ${STATE_SQL(at())} as state,
      m.estimated_amount, m.amount, m.images, m.invoice_file_id, fi.original_name as invoice_name, fi.size_bytes as invoice_size,
      m.caisse_id, (select c.name from caisses c where c.id = m.caisse_id) as caisse_name, m.mileage,
      m.created_at, m.finished_at, m.canceled_at,
      (select coalesce(json_agg(json_build_object('repair_type_id', i.repair_type_id, 'repair_type_name', rt.name,
          'component_id', i.component_id, 'name', cc.name, 'estimated_amount', i.estimated_amount, 'amount', i.amount)
          order by i.repair_type_id, cc.name), '[]'::json)
         from maintenance_items i join repair_types rt on rt.id = i.repair_type_id join car_components cc on cc.id = i.component_id
        where i.maintenance_id = m.id) as items,
      case when m.status = 'finished' then (select coalesce(json_agg(json_build_object('id', fm.id, 'amount', fm.amount,
          'sub_id', a.id, 'sub_name', a.name, 'sub_code', a.code) order by fm.created_at, fm.id), '[]'::json)
         from fund_movements fm join pnl_accounts a on a.id = fm.sub_account_id
        where fm.maintenance_id = m.id and fm.reverses_id is null) else '[]'::json end as operations
    from (select count(*)::int as total from (select 1 from maintenances m where ${where}
       order by m.start_at desc, m.id desc limit ${$(cap)}) c) t
    left join (page p join maintenances m on m.id = p.id join vehicles v on v.id = m.vehicle_id
      left join files fi on fi.id = m.invoice_file_id) on true
   order by p.start_at desc, p.id desc`;
  const { rows } = await textQuery<Row>(db, statement, values);
  const total = rows[0]?.total ?? 0;
  return { rows: rows.filter((r) => r.id !== null), total, capped: total >= cap };
}

/** The answer's shape of a row, amounts in the park currency and dates in its zone. */
function toMaintenance(deps: Pick<MaintenanceDeps, 'files'>, actor: ActingProfile, r: Row): TMaintenance {
  const { currency, timeZone } = actor.park;
  const money = (v: string | number) => fromMinor(Number(v), currency);
  const wire = (v: Date | string) => toWireDate(toDate(v), timeZone);
  const groups = new Map<number, TMaintenance['components'][number]>();
  for (const i of r.items ?? []) {
    let g = groups.get(i.repair_type_id);
    if (!g) groups.set(i.repair_type_id, (g = { repair_type: { id: i.repair_type_id, name: i.repair_type_name }, repair_type_id: i.repair_type_id, car_component: [] }));
    const estimated = money(i.estimated_amount);
    g.car_component.push({ id: i.component_id, component_id: i.component_id, name: i.name, amount: i.amount === null ? estimated : money(i.amount), estimated_amount: estimated });
  }
  const estimated = money(r.estimated_amount);
  return {
    id: r.id!,
    vehicle: { id: r.vehicle_id, registration_number: r.registration_number, label: r.vehicle_label },
    supplier: r.supplier_id && r.supplier_name !== null ? { id: r.supplier_id, name: r.supplier_name } : null,
    description: r.description,
    amount: r.status === 'finished' && r.amount !== null ? money(r.amount) : estimated,
    estimated_amount: estimated,
    status: r.status,
    state: r.state,
    available: r.status === 'available',
    start_date: wire(r.start_at),
    end_date: wire(r.end_at),
    duration_choice: r.duration_choice,
    images: (r.images ?? []).map((p) => imageLink(deps.files, p)).filter((l): l is string => !!l),
    facture_image: r.invoice_file_id
      ? { link: signedUrl(deps.files, r.invoice_file_id), name: r.invoice_name ?? 'facture', size: Number(r.invoice_size ?? 0) }
      : null,
    caisse: r.caisse_id ? { id: r.caisse_id, name: r.caisse_name ?? '' } : null,
    mileage: r.mileage,
    components: [...groups.values()],
    operations: (r.operations ?? []).map((o) => ({ id: o.id, amount: money(o.amount), sub_account: { id: o.sub_id, name: o.sub_name, code: o.sub_code } })),
    created_at: wire(r.created_at),
    finished_at: r.finished_at ? wire(r.finished_at) : null,
    canceled_at: r.canceled_at ? wire(r.canceled_at) : null,
  };
}

/** GET /entretien: a page of the park's maintenances, latest start first. */
export async function listMaintenances(deps: MaintenanceDeps, actor: ActingProfile, q: MaintenanceFilters, now = new Date()): Promise<TMaintenancePage> {
  const meta = { page: q.page, itemPerPage: q.itemPerPage };
  // An id that is no id names nothing of the park: an empty page, not a database error.
  if ((q.vehicle_id && !isUuid(q.vehicle_id)) || (q.supplier_id && !isUuid(q.supplier_id))) return { items: [], meta: { ...meta, total: 0, total_is_lower_bound: false } };
  const { rows, total, capped } = await selectMaintenances(deps.db, actor, q, pageWindow(q), now);
  return { items: rows.map((r) => toMaintenance(deps, actor, r)), meta: { ...meta, total, total_is_lower_bound: capped } };
}

/** GET /entretien/{id}; another park's maintenance reads as not found. */
export async function getMaintenance(deps: MaintenanceDeps, actor: ActingProfile, id: string, now = new Date()): Promise<TMaintenance> {
  if (!isUuid(id)) throw new AppError('MAINTENANCE_NOT_FOUND');
  const { rows } = await selectMaintenances(deps.db, actor, { id }, { limit: 1, offset: 0 }, now);
  if (!rows[0]) throw new AppError('MAINTENANCE_NOT_FOUND');
  return toMaintenance(deps, actor, rows[0]);
}

/** GET /repair-type: the shared kinds of maintenance, each with its P&L code. */
export async function listRepairTypes(db: Db | Tx): Promise<TRepairType[]> {
  return db.select({ id: repairTypes.id, name: repairTypes.name, code: repairTypes.code }).from(repairTypes).orderBy(asc(repairTypes.id));
}
