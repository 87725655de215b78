import { sql } from 'drizzle-orm';
import { contractRecordLink, ownerDisplayName } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { fromMinor } from '../../platform/money.ts';
import { notifyHoldersNew, type HoldersCache } from '../notifications/notify.ts';
import { recordContractEvent } from './contract-history.ts';
import { materialiseDueRecipes } from './contract-instalments.ts';
import { contractReference } from './contract-view.ts';

/**
 * Every 15 minutes, per park with contracts running, on the park's own day (its time zone):
 * 1. the recipes of the driver instalments due today or earlier (materialiseDueRecipes), so what a
 *    driver owes shows in Encaissements and the debts the day it falls due;
 * 2. each partner instalment due today or earlier, not yet told, is told once to the holders of
 *    MANAGE_CONTRACTS (the owner confirms and pays it: POST /contract/{id}/instalments/{seq}/pay);
 * 3. ACTIVE contracts past their end day with nothing left due end: EXPIRED, an 'expired' event.
 * Idempotent: a second run, or two instances at once, add nothing (unique recipe per instalment
 * under its row lock, notified_at and the notification's dedupe key, the status checked again).
 */

export interface ContractsJobResult {
  parks: number;
  recipes: number;
  notified: number;
  expired: number;
}

interface DueRow {
  [k: string]: unknown;
  id: string;
  seq: number;
  due_date: string;
  amount: string | number;
  contract_id: string;
  number: number;
  year: number;
  count: number;
  registration_number: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
}

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const money = (minor: number, currency: string) => `${fromMinor(minor, currency).toLocaleString('fr-FR')} ${currency}`;

async function tellPartnerInstalments(db: Db, park: { id: string; currency: string }, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<DueRow>(sql`
      select i.id, i.seq, i.due_date::text as due_date, i.amount - i.paid_amount as amount, c.id as contract_id, c.number,
             extract(year from c.created_at at time zone p.time_zone)::int as year,
             (select count(*)::int from contract_instalments a where a.contract_id = c.id and a.status <> 'cancelled') as count,
             v.registration_number, o.first_name, o.last_name, o.business_name
        from contract_instalments i
        join contracts c on c.id = i.contract_id
        join parks p on p.id = c.park_id
        join vehicles v on v.id = c.vehicle_id
        left join vehicle_owners o on o.id = c.vehicle_owner_id
       where i.park_id = ${park.id} and i.status = 'due' and i.due_date <= ${today}::date and i.notified_at is null
         and c.contract_type = 'PARTNER' and (c.status = 'ACTIVE' or (c.status = 'CANCELLED' and c.cancel_debt_mode = 'keep_debt'))
       order by i.due_date, i.id
         for update of i skip locked`);
    const holders: HoldersCache = new Map();
    for (const r of rows) {
      const reference = contractReference(r.year, r.number);
      const owner = r.first_name !== null ? ownerDisplayName({ first_name: r.first_name, last_name: r.last_name ?? '', business_name: r.business_name }) : 'le propriétaire';
      await notifyHoldersNew(
        tx,
        {
          parkId: park.id,
          permission: 'MANAGE_CONTRACTS',
          kind: 'contract_instalment_due',
          title: `Échéance à payer\u00a0: contrat ${reference}`,
          body: `L'échéance ${r.seq}/${r.count} de ${money(Number(r.amount), park.currency)} due le ${frenchDay(r.due_date)} à ${owner} (véhicule ${r.registration_number}) attend la confirmation du propriétaire de la flotte pour être payée.`,
          link: contractRecordLink(r.contract_id),
          dedupeKey: `contract_instalment_due:${r.id}`,
        },
        holders,
      );
    }
    if (rows.length) {
      await tx.execute(sql`update contract_instalments set notified_at = now() where id = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
    }
    return rows.length;
  });
}

async function expireEnded(db: Db, parkId: string, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update contracts c set status = 'EXPIRED', expired_at = now(), next_due_date = null, updated_at = now()
       where c.park_id = ${parkId} and c.status = 'ACTIVE' and c.end_date < ${today}::date
         and not exists (select 1 from contract_instalments i where i.contract_id = c.id and i.status = 'due')
      returning c.id`);
    for (const r of rows) await recordContractEvent(tx, { parkId, contractId: r.id, kind: 'expired', detail: { end_date: today }, profileId: null });
    return rows.length;
  });
}

/** `parkId` runs one park only (tests, a dev route). */
export async function runContractsJob(db: Db, opts: { now?: Date; parkId?: string } = {}): Promise<ContractsJobResult> {
  const now = opts.now ?? new Date();
  const { rows: parks } = await db.execute<{ id: string; time_zone: string; currency: string }>(sql`
    select p.id, p.time_zone, p.currency from parks p
     where exists (select 1 from contracts c where c.park_id = p.id and c.status in ('ACTIVE', 'CANCELLED'))
       ${opts.parkId ? sql`and p.id = ${opts.parkId}` : sql``}`);
  const result: ContractsJobResult = { parks: parks.length, recipes: 0, notified: 0, expired: 0 };
  for (const park of parks) {
    const today = toWireDate(now, park.time_zone).slice(0, 10);
    result.recipes += await db.transaction((tx) => materialiseDueRecipes(tx, { parkId: park.id, uptoDay: today }));
    result.notified += await tellPartnerInstalments(db, park, today);
    result.expired += await expireEnded(db, park.id, today);
  }
  return result;
}

export function contractsJob(db: Db): ScheduledJob {
  return { name: 'contracts-instalments', cron: '*/15 * * * *', pollSeconds: 60, run: () => runContractsJob(db) };
}
