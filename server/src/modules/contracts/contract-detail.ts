import { instalmentState } from '@flotte/contract/contract-schedule';
import type { TContractDetail, TContractInstalment, TInstalmentStatus } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { statementValues, textQuery } from '../../platform/db/prepared.ts';
import { fromMinor } from '../../platform/money.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { findContractRow } from './contracts.queries.ts';
import { toContract, type ContractRow } from './contract-view.ts';

/**
 * GET /contract/{id}: the contract with its schedule (each instalment's state as of the park's
 * today), its payments, documents and signatures, and what the caller may do with it. Four small
 * statements on the contract's id after the row itself.
 */

interface InstalmentRow {
  id: string;
  seq: number;
  due_date: string;
  due_time: string | null;
  amount: number | string;
  paid_amount: number | string;
  status: TInstalmentStatus;
  paid_at: Date | string | null;
  recipe_id: string | null;
  fund_movement_id: string | null;
}

interface PaymentRow {
  id: string;
  amount: number | string;
  method: string;
  caisse_id: string | null;
  caisse_name: string | null;
  at: Date | string;
  seq: number | null;
}

/** The park's day (yyyy-MM-dd) at an instant. */
export const parkToday = (now: Date, timeZone: string) => toWireDate(now, timeZone).slice(0, 10);

async function rowsOf<R extends object>(deps: ContractsDeps, text: string, contractId: string, parkId: string): Promise<R[]> {
  const { values, $ } = statementValues();
  const statement = text.replaceAll(':contract', `${$(contractId)}::uuid`).replaceAll(':park', `${$(parkId)}::uuid`);
  return (await textQuery<R>(deps.db, statement, values)).rows;
}

const INSTALMENTS = `select i.id, i.seq, i.due_date::text as due_date, i.due_time, i.amount, i.paid_amount, i.status, i.paid_at,
    i.recipe_id, i.fund_movement_id
  from contract_instalments i where i.contract_id = :contract and i.park_id = :park order by i.seq`;

/** DRIVER: what the driver paid on the instalments' recipes (cash, balance, mobile money), with the caisse it went to. */
const DRIVER_PAYMENTS = `select coalesce(rp.fund_movement_id, rp.id) as id, rp.amount, rp.method, fm.caisse_id, ca.name as caisse_name,
    rp.created_at as at, i.seq
  from contract_instalments i join recipe_payments rp on rp.recipe_id = i.recipe_id
  left join fund_movements fm on fm.id = rp.fund_movement_id left join caisses ca on ca.id = fm.caisse_id
  where i.contract_id = :contract and i.park_id = :park and i.recipe_id is not null
  order by rp.created_at, rp.id`;

/** PARTNER: the expenses that paid the owner, from a caisse. */
const PARTNER_PAYMENTS = `select fm.id, fm.amount, 'caisse' as method, fm.caisse_id, ca.name as caisse_name, fm.operation_date as at, i.seq
  from contract_instalments i join fund_movements fm on fm.id = i.fund_movement_id left join caisses ca on ca.id = fm.caisse_id
  where i.contract_id = :contract and i.park_id = :park
  order by fm.operation_date, fm.id`;

const DOCUMENTS = `select d.version, d.created_at from contract_documents d where d.contract_id = :contract and d.park_id = :park order by d.version desc`;

const SIGNATURES = `select s.signer_name, s.profile_id, s.document_version, s.created_at as signed_at from contract_signatures s
  where s.contract_id = :contract and s.park_id = :park order by s.created_at, s.id`;

/** What the caller may do with the contract: the buttons the screen shows. */
export function contractCan(r: Pick<ContractRow, 'contract_type' | 'status' | 'remaining_amount' | 'paid_off_at' | 'handover_confirmed_at'>, actor: ActingProfile): TContractDetail['can'] {
  const manage = actor.permissions.has('MANAGE_CONTRACTS');
  const open = r.status === 'PENDING' || r.status === 'ACTIVE';
  return {
    sign: manage && r.status === 'PENDING',
    update: manage && open,
    cancel: manage && open,
    // Closed contracts too: their schedule stays, their document is made again.
    regenerate: manage,
    collect: r.contract_type === 'DRIVER' && r.status === 'ACTIVE' && actor.permissions.has('ENCAISSER') && Number(r.remaining_amount) > 0,
    pay: r.contract_type === 'PARTNER' && r.status === 'ACTIVE' && actor.isOwner,
    handover: r.contract_type === 'DRIVER' && r.paid_off_at !== null && r.handover_confirmed_at === null && actor.isOwner,
  };
}

export async function getContractDetail(deps: ContractsDeps, actor: ActingProfile, id: string, now = new Date()): Promise<TContractDetail> {
  const row = await findContractRow(deps, actor, id, now);
  const parkId = row.park_id;
  const [instalments, payments, documents, signatures] = await Promise.all([
    rowsOf<InstalmentRow>(deps, INSTALMENTS, row.id, parkId),
    rowsOf<PaymentRow>(deps, row.contract_type === 'DRIVER' ? DRIVER_PAYMENTS : PARTNER_PAYMENTS, row.id, parkId),
    rowsOf<{ version: number; created_at: Date | string }>(deps, DOCUMENTS, row.id, parkId),
    rowsOf<{ signer_name: string; profile_id: string | null; document_version: number; signed_at: Date | string }>(deps, SIGNATURES, row.id, parkId),
  ]);
  const money = (v: number | string) => fromMinor(Number(v), row.currency);
  const wire = (v: Date | string) => toWireDate(v instanceof Date ? v : new Date(v), row.time_zone);
  const today = parkToday(now, row.time_zone);
  return {
    ...toContract(row),
    instalments: instalments.map(
      (i): TContractInstalment => ({
        id: i.id,
        seq: i.seq,
        due_date: i.due_date,
        due_time: i.due_time,
        amount: money(i.amount),
        paid_amount: money(i.paid_amount),
        remaining: i.status === 'due' ? money(Number(i.amount) - Number(i.paid_amount)) : 0,
        status: i.status,
        state: instalmentState({ status: i.status, amount: Number(i.amount), paidAmount: Number(i.paid_amount), dueDate: i.due_date }, today, { signed: row.status !== 'PENDING' }),
        paid_at: i.paid_at === null ? null : wire(i.paid_at),
        recipe_id: i.recipe_id,
        operation_id: i.fund_movement_id,
      }),
    ),
    payments: payments.map((p) => ({
      id: p.id,
      amount: money(p.amount),
      method: p.method,
      caisse: p.caisse_id ? { id: p.caisse_id, name: p.caisse_name ?? '' } : null,
      date: wire(p.at),
      instalment_seq: p.seq,
    })),
    documents: documents.map((d) => ({ version: d.version, created_at: wire(d.created_at), url: `/api/contract/${row.id}/document/${d.version}` })),
    signatures: signatures.map((s) => ({ signer_name: s.signer_name, profile_id: s.profile_id, document_version: s.document_version, signed_at: wire(s.signed_at) })),
    can: contractCan(row, actor),
  };
}
