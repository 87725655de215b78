import type { z } from 'zod';
import type { TContract, TContractPage, TPaymentFrequency, ZContractListQuery } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { namedQuery, statementValues, textQuery } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { pageWindow } from '../../platform/pagination.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { CONTRACT_JOINS, contractColumns, contractReference, toContract, type ContractRow } from './contract-view.ts';

/**
 * Reading contracts: the list (GET /contract) and one (GET /contract/{id}), one statement each.
 * The page's ids come from the (park, created_at, id) or (park, status, created_at, id) index
 * walked backwards (newest first), then only those rows are read with their names and figures.
 * The park's owner (role OWNER, reached as 'proprietaire') lists across every park he owns (spec
 * 002: 'Owners are not scoped to a park when listing contracts'); everyone else the acting park.
 */

export type ContractFilters = z.output<typeof ZContractListQuery>;

const isUuid = (v: string | undefined | null): v is string => !!v && UUID_PATTERN.test(v);

/** The owner sees his parks' contracts wherever he acts; others, the acting park's. */
export function listsAcrossParks(actor: ActingProfile): boolean {
  return actor.isOwner && actor.type === 'proprietaire';
}

async function selectContracts(
  deps: ContractsDeps,
  actor: ActingProfile,
  f: Partial<ContractFilters> & { id?: string; acrossParks?: boolean },
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: ContractRow[]; total: number }> {
  const { values, $ } = statementValues();
  const nowRef = `${$(now.toISOString())}`;
  const conds = [
    f.acrossParks
      ? `c.park_id in (select op.park_id from profiles op where op.user_id = (select me.user_id from profiles me where me.id = ${$(actor.id)}::uuid)
          and op.role = 'OWNER' and op.removed_at is null)`
      : `c.park_id = ${$(actor.parkId)}::uuid`,
  ];
  if (f.id) conds.push(`c.id = ${$(f.id)}::uuid`);
  if (f.contract_type) conds.push(`c.contract_type = ${$(f.contract_type)}`);
  if (f.contract_status) conds.push(`c.status = ${$(f.contract_status)}`);
  if (f.vehicle_id) conds.push(`c.vehicle_id = ${$(f.vehicle_id)}::uuid`);
  if (f.driver_id) conds.push(`c.driver_id = ${$(f.driver_id)}::uuid`);
  if (f.vehicle_owner_id) conds.push(`c.vehicle_owner_id = ${$(f.vehicle_owner_id)}::uuid`);
  // A period holds the contracts that meet it: ending on or after its start, starting on or before its end.
  if (f.start_date) conds.push(`c.end_date >= ${$(f.start_date.slice(0, 10))}::date`);
  if (f.end_date) conds.push(`c.start_date <= ${$(f.end_date.slice(0, 10))}::date`);
  const where = conds.join(' and ');
  // Filtered by park, type and status only (the list as it opens, and its tabs), the total is the
  // sum of a few contract_totals rows, whose columns bear the same names; else it counts contracts.
  const byTotals = !f.id && !f.vehicle_id && !f.driver_id && !f.vehicle_owner_id && !f.start_date && !f.end_date;
  const count = byTotals ? `select coalesce(sum(c.n), 0)::int as total from contract_totals c where ${where}` : `select count(*)::int as total from contracts c where ${where}`;
  const statement = `with page as (
      select c.id, c.created_at from contracts c where ${where}
       order by c.created_at desc, c.id desc limit ${$(window.limit)} offset ${$(window.offset)})
    select t.total, ${contractColumns(nowRef)}
    from (${count}) t
    left join (page p join contracts c on c.id = p.id ${CONTRACT_JOINS}) on true
   order by p.created_at desc, p.id desc`;
  const { rows } = await textQuery<ContractRow & { total: number }>(deps.db, statement, values);
  const total = rows[0]?.total ?? 0;
  return { rows: rows.filter((r) => r.id !== null), total };
}

/** GET /contract: a page of contracts, newest first. */
export async function listContracts(deps: ContractsDeps, actor: ActingProfile, q: ContractFilters, now = new Date()): Promise<TContractPage> {
  const meta = { page: q.page, itemPerPage: q.itemPerPage };
  // An id that is no id names nothing: an empty page, not a database error.
  if ([q.vehicle_id, q.driver_id, q.vehicle_owner_id].some((v) => v !== undefined && !isUuid(v))) return { items: [], meta: { ...meta, total: 0 } };
  const { rows, total } = await selectContracts(deps, actor, { ...q, acrossParks: listsAcrossParks(actor) }, pageWindow(q), now);
  return { items: rows.map(toContract), meta: { ...meta, total } };
}

/** The park's contract as a row (names, figures, its park's currency and zone); another park's reads as not found. */
export async function findContractRow(deps: ContractsDeps, actor: ActingProfile, id: string, now = new Date()): Promise<ContractRow> {
  if (!isUuid(id)) throw new AppError('CONTRACT_NOT_FOUND');
  const { rows } = await selectContracts(deps, actor, { id }, { limit: 1, offset: 0 }, now);
  if (!rows[0]) throw new AppError('CONTRACT_NOT_FOUND');
  return rows[0];
}

export async function getContract(deps: ContractsDeps, actor: ActingProfile, id: string, now = new Date()): Promise<TContract> {
  return toContract(await findContractRow(deps, actor, id, now));
}

/** The vehicle's PENDING or ACTIVE partner contract, as its `property_contract` shows it (amount in minor units). */
export interface VehiclePartnerContract {
  name: string;
  contract_type_id: number | null;
  start_date: string;
  end_date: string;
  amount: number;
  payment_frequency: TPaymentFrequency;
}

/**
 * The partner contract a vehicle runs under (spec 000's propertyContract is that contract seen from
 * the vehicle): the newest PENDING or ACTIVE one, through the vehicle's index; null without one.
 */
export async function vehiclePartnerContract(db: Db, parkId: string, vehicleId: string): Promise<VehiclePartnerContract | null> {
  const { rows } = await namedQuery<{ number: number; year: number; contract_type_id: number | null; start_date: string; end_date: string; amount: number | string; payment_frequency: TPaymentFrequency }>(
    db,
    'contract_vehicle_partner_v1',
    `select c.number, extract(year from c.created_at at time zone pk.time_zone)::int as year, c.vehicle_contract_type_id as contract_type_id,
        c.start_date::text as start_date, c.end_date::text as end_date, c.frequency_amount as amount, c.payment_frequency
       from contracts c join parks pk on pk.id = c.park_id
      where c.vehicle_id = $1::uuid and c.park_id = $2::uuid and c.contract_type = 'PARTNER' and c.status in ('PENDING', 'ACTIVE')
      order by c.created_at desc limit 1`,
    [vehicleId, parkId],
  );
  const r = rows[0];
  if (!r) return null;
  return { name: `Contrat ${contractReference(r.year, r.number)}`, contract_type_id: r.contract_type_id, start_date: r.start_date, end_date: r.end_date, amount: Number(r.amount), payment_frequency: r.payment_frequency };
}
