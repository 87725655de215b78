import type { TContractStats } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { namedQuery } from '../../platform/db/prepared.ts';
import { fromMinor } from '../../platform/money.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { parkToday } from './contract-detail.ts';

/**
 * GET /contract/stats (spec 002 section 3) for the acting park, in one statement: the counts and
 * money figures from contract_totals (the park's contracts summed by status and type, kept by
 * triggers in migration 0018: a few rows, whatever the park's size); the vehicles and drivers
 * under an active contract from contract_active_parties (same triggers: one row per such party);
 * this month's instalments from the partial index of unpaid ones (index-only), joined to the
 * park's active contracts. Only ACTIVE contracts count in what remains and is due.
 */

interface StatsRow {
  total: number;
  active: number;
  pending: number;
  expired: number;
  cancelled: number;
  total_amount: string | number;
  partner: number;
  driver: number;
  active_vehicles: number;
  active_drivers: number;
  encaisse: string | number;
  restant: string | number;
  month_count: number;
  month_amount: string | number;
}

const STATS = `select s.*, m.month_count, m.month_amount,
    (select count(*)::int from contract_active_parties p where p.park_id = $1::uuid and p.kind = 'vehicle') as active_vehicles,
    (select count(*)::int from contract_active_parties p where p.park_id = $1::uuid and p.kind = 'driver') as active_drivers
  from
  (select coalesce(sum(t.n), 0)::int as total,
      coalesce(sum(t.n) filter (where t.status = 'ACTIVE'), 0)::int as active,
      coalesce(sum(t.n) filter (where t.status = 'PENDING'), 0)::int as pending,
      coalesce(sum(t.n) filter (where t.status = 'EXPIRED'), 0)::int as expired,
      coalesce(sum(t.n) filter (where t.status = 'CANCELLED'), 0)::int as cancelled,
      coalesce(sum(t.total_amount) filter (where t.status = 'ACTIVE'), 0) as total_amount,
      coalesce(sum(t.n) filter (where t.contract_type = 'PARTNER'), 0)::int as partner,
      coalesce(sum(t.n) filter (where t.contract_type = 'DRIVER'), 0)::int as driver,
      coalesce(sum(t.total_paid) filter (where t.contract_type = 'DRIVER'), 0) as encaisse,
      coalesce(sum(t.remaining_amount) filter (where t.status = 'ACTIVE'), 0) as restant
    from contract_totals t where t.park_id = $1::uuid) s,
  (select count(*)::int as month_count, coalesce(sum(i.amount - i.paid_amount), 0) as month_amount
    from contract_instalments i join contracts c on c.id = i.contract_id and c.park_id = $1::uuid and c.status = 'ACTIVE'
   where i.park_id = $1::uuid and i.status = 'due' and i.due_date >= $2::date and i.due_date < $3::date) m`;

/** The first day of the month of `day` and of the next month (yyyy-MM-dd). */
export function monthBounds(day: string): [string, string] {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return [`${day.slice(0, 7)}-01`, next];
}

export async function contractStats(deps: ContractsDeps, actor: ActingProfile, now = new Date()): Promise<TContractStats> {
  const [from, to] = monthBounds(parkToday(now, actor.park.timeZone));
  const { rows } = await namedQuery<StatsRow>(deps.db, 'contract_stats_v3', STATS, [actor.parkId, from, to]);
  const r = rows[0];
  const money = (v: string | number) => fromMinor(Number(v), actor.park.currency);
  return {
    total: r.total,
    active: r.active,
    pending: r.pending,
    expired: r.expired,
    cancelled: r.cancelled,
    total_amount: money(r.total_amount),
    contracts_by_type: { PARTNER: r.partner, DRIVER: r.driver },
    active_vehicles: r.active_vehicles,
    active_drivers: r.active_drivers,
    montant_encaisse: money(r.encaisse),
    montant_restant: money(r.restant),
    echeances_ce_mois: { count: r.month_count, amount: money(r.month_amount) },
  };
}
