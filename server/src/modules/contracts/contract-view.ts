import type { TCancelDebtMode, TContract, TContractStatus, TContractType, TPaymentFrequency } from '@flotte/contract/contracts';
import { ownerDisplayName } from '@flotte/contract/owners';
import { toWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';

/**
 * How a contract reads on the wire (ZContract), from one row of CONTRACT_COLUMNS. The row carries
 * its own park's currency and time zone: an owner's list spans his parks, which may differ.
 */

/** The number printed on the document and shown in lists: C-2026-0007 (year the contract was made). */
export function contractReference(year: number, number: number): string {
  return `C-${year}-${String(number).padStart(4, '0')}`;
}

export interface ContractRow {
  id: string;
  park_id: string;
  number: number;
  year: number;
  contract_type: TContractType;
  status: TContractStatus;
  vehicle_contract_type_id: number | null;
  vct_name: string | null;
  total_amount: number | string;
  frequency_amount: number | string;
  payment_frequency: TPaymentFrequency;
  start_date: string;
  end_date: string;
  start_time: string | null;
  next_due_date: string | null;
  total_paid: number | string;
  remaining_amount: number | string;
  overdue_amount: number | string;
  instalments_count: number;
  vehicle_id: string;
  registration_number: string;
  vehicle_label: string | null;
  vehicle_owner_id: string | null;
  o_first: string | null;
  o_last: string | null;
  o_business: string | null;
  o_phone: string | null;
  driver_id: string | null;
  d_first: string | null;
  d_last: string | null;
  d_phone: string | null;
  clauses: string | null;
  description: string | null;
  document_version: number;
  signed_at: Date | string | null;
  signer_name: string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  cancel_debt_mode: TCancelDebtMode | null;
  paid_off_at: Date | string | null;
  handover_confirmed_at: Date | string | null;
  created_at: Date | string;
  currency: string;
  time_zone: string;
}

/**
 * The select list of a contract row (aliases: c contracts, pk parks, v vehicles, o vehicle_owners,
 * d drivers, vct vehicle_contract_types). `today` is the placeholder of the request's instant; the
 * overdue amount is what is due on or before the contract's park's today and still unpaid (nothing
 * before the contract is signed).
 */
export function contractColumns(now: string): string {
  return `c.id, c.park_id, c.number, extract(year from c.created_at at time zone pk.time_zone)::int as year,
    c.contract_type, c.status, c.vehicle_contract_type_id, vct.name as vct_name,
    c.total_amount, c.frequency_amount, c.payment_frequency, c.start_date::text as start_date, c.end_date::text as end_date,
    c.start_time, c.next_due_date::text as next_due_date, c.total_paid, c.remaining_amount,
    (select coalesce(sum(i.amount - i.paid_amount), 0) from contract_instalments i
      where i.contract_id = c.id and c.status <> 'PENDING' and i.status = 'due' and i.due_date <= (${now}::timestamptz at time zone pk.time_zone)::date) as overdue_amount,
    (select count(*)::int from contract_instalments i where i.contract_id = c.id) as instalments_count,
    c.vehicle_id, v.registration_number, v.label as vehicle_label,
    c.vehicle_owner_id, o.first_name as o_first, o.last_name as o_last, o.business_name as o_business, o.phone as o_phone,
    c.driver_id, d.first_name as d_first, d.last_name as d_last, d.phone as d_phone,
    c.clauses, c.description, c.document_version, c.signed_at,
    (select s.signer_name from contract_signatures s where s.contract_id = c.id order by s.created_at desc, s.id desc limit 1) as signer_name,
    c.cancelled_at, c.cancel_reason, c.cancel_debt_mode, c.paid_off_at, c.handover_confirmed_at, c.created_at,
    pk.currency, pk.time_zone`;
}

/** The joins CONTRACT_COLUMNS reads, after `contracts c`. */
export const CONTRACT_JOINS = `join parks pk on pk.id = c.park_id
    join vehicles v on v.id = c.vehicle_id
    left join vehicle_owners o on o.id = c.vehicle_owner_id
    left join drivers d on d.id = c.driver_id
    left join vehicle_contract_types vct on vct.id = c.vehicle_contract_type_id`;

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export function toContract(r: ContractRow): TContract {
  const money = (v: number | string) => fromMinor(Number(v), r.currency);
  const wire = (v: Date | string | null) => (v === null ? null : toWireDate(toDate(v), r.time_zone));
  return {
    id: r.id,
    number: r.number,
    reference: contractReference(r.year, r.number),
    park_id: r.park_id,
    contract_type: r.contract_type,
    contract_status: r.status,
    vehicle_contract_type: r.vehicle_contract_type_id !== null && r.vct_name !== null ? { id: r.vehicle_contract_type_id, name: r.vct_name } : null,
    total_amount: money(r.total_amount),
    frequency_amount: money(r.frequency_amount),
    payment_frequency: r.payment_frequency,
    start_date: r.start_date,
    end_date: r.end_date,
    start_time: r.start_time,
    next_due_date: r.next_due_date,
    total_paid: money(r.total_paid),
    remaining_amount: money(r.remaining_amount),
    overdue_amount: money(r.overdue_amount),
    instalments_count: r.instalments_count,
    vehicle: { id: r.vehicle_id, registration_number: r.registration_number, label: r.vehicle_label },
    vehicle_owner:
      r.vehicle_owner_id && r.o_last !== null
        ? { id: r.vehicle_owner_id, name: ownerDisplayName({ first_name: r.o_first ?? '', last_name: r.o_last, business_name: r.o_business }), phone: r.o_phone }
        : null,
    driver: r.driver_id && r.d_last !== null ? { id: r.driver_id, name: `${r.d_first ?? ''} ${r.d_last}`.trim(), phone: r.d_phone } : null,
    clauses: r.clauses,
    description: r.description,
    document_version: r.document_version,
    signed_at: wire(r.signed_at),
    signed_by: r.signer_name,
    cancelled_at: wire(r.cancelled_at),
    cancel_reason: r.cancel_reason,
    cancel_debt_mode: r.cancel_debt_mode,
    paid_off_at: wire(r.paid_off_at),
    handover_confirmed_at: wire(r.handover_confirmed_at),
    created_at: wire(r.created_at)!,
  };
}
