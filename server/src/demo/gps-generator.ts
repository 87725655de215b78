import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import type { SecretBox } from '../platform/secrets/secret-box.ts';
import { FLESPI_DEMO_TOKEN } from '../integrations/flespi/flespi.simulator.ts';
import { gpsSecretContext } from '../modules/gps/gps-link.ts';
import { gpsConnections } from '../modules/gps/gps.tables.ts';

/**
 * A park's GPS at scale, for the benchmark (`seed:large -- --gps-vehicles 1000`) (issue 22): the
 * park connected to the flespi simulator with its demo token (sealed as demo-gps.ts seals it, so
 * the server reading it must hold the same secrets key), `vehicles` of its vehicles given a
 * 15-digit tracker number ending in an even digit (the simulator places those in Douala),
 * `triggers` penalty triggers (one in four enabled, a park keeps old ones switched off), their
 * past episodes over `days` days and `actions` rows of the action log, set based.
 *
 * Episodes: one per 30 actions, on drivers who drive a vehicle, each of one trigger; notifications
 * and buzzers done, locks mostly released (by the auto-cancel, one in four by hand), some
 * cancelled or failed, and those of the last ten days one in three still placed ('done'). When the
 * park has recipes (`--recipes-years`), each enabled trigger also has the episode of every driver's
 * current unpaid run that began four days ago or more, as the job would have left them: its pass
 * then finds them known and does only the work of a minute (new runs, paid debts, retries).
 * Actions follow their episode (its fire time, up to two hours later): the trigger's action, some
 * locks deferred first, some unlocks; mostly sent, some queued, offline or failed.
 */
export interface GpsActivityPlan {
  /** Vehicles given a tracker number (the park's first, in id order). */
  vehicles: number;
  /** Penalty triggers (20 by default). */
  triggers?: number;
  /** Rows of the action log (100,000 by default). */
  actions?: number;
  /** Days of history (90 by default). */
  days?: number;
  /** Seals the flespi demo token; the server that reads the park must hold the same key. */
  box: SecretBox;
  /** The park's owner profile: who created the triggers and released some locks by hand. */
  ownerProfileId: string;
}

export interface GpsActivitySeeded {
  gpsVehicles: number;
  gpsTriggers: number;
  gpsEnabledTriggers: number;
  gpsEpisodes: number;
  gpsDoneLocks: number;
  gpsActions: number;
  /** A vehicle with a tracker, for the day's read. */
  gpsSampleVehicleId: string | null;
}

/** A UUIDv7 whose time is `ts` (a timestamptz expression), as the services' ids are. */
const v7 = (ts: string) =>
  sql.raw(`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from ${ts}) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`);

export async function seedGpsActivity(db: Db, parkId: string, plan: GpsActivityPlan): Promise<GpsActivitySeeded> {
  const triggerCount = plan.triggers ?? 20;
  const actionCount = plan.actions ?? 100_000;
  const days = Math.max(2, plan.days ?? 90);
  const episodeCount = Math.max(1, Math.round(actionCount / 30));
  const { rows: parkRows } = await db.execute<{ time_zone: string }>(sql`select time_zone from parks where id = ${parkId}`);
  if (!parkRows[0]) throw new Error(`no park ${parkId}`);
  const tz = sql.raw(`'${parkRows[0].time_zone.replace(/'/g, "''")}'`);
  const owner = plan.ownerProfileId;

  await db
    .insert(gpsConnections)
    .values({
      parkId,
      provider: 'flespi',
      secretSealed: plan.box.seal(FLESPI_DEMO_TOKEN, gpsSecretContext(parkId)),
      secretLast4: FLESPI_DEMO_TOKEN.slice(-4),
      status: 'ok',
      checkedAt: new Date(),
      updatedBy: owner,
    })
    .onConflictDoNothing();

  // Trackers: '86', the vehicle's rank on 12 digits, an even digit (Douala in the simulator).
  await db.execute(sql`
    with v as (select id, row_number() over (order by id) as n from vehicles where park_id = ${parkId} order by id limit ${plan.vehicles})
    update vehicles set gps_number = '86' || lpad(v.n::text, 12, '0') || ((v.n % 5) * 2)::text from v where vehicles.id = v.id`);

  // Triggers, five kinds in turn; the first of every four enabled.
  if (triggerCount > 0) {
    await db.execute(sql`
      with g as (select (select id from vehicle_groups where park_id = ${parkId} order by id limit 1) as group_id)
      insert into penalty_triggers (id, park_id, title, description, calculation_type, grace_days, grace_hours, action_type, threshold, selected_action,
        buzzer_duration, stop_delay, buzzer_mode, auto_cancel, notification_type, notification_message, enabled, vehicle_group_ids, created_by, created_at, updated_at)
      select ${v7(`now() - interval '1 day' * (${days + triggerCount} - k)`)}, ${parkId},
        case k % 5
          when 1 then 'Rappel SMS de recette impayée'
          when 2 then 'Blocage après ' || (1 + k % 3) || ' jours d’impayé'
          when 3 then 'Alarme dette supérieure à la moitié de l’objectif'
          when 4 then 'Blocage au-delà de 20,000 XAF de dette'
          else 'Message dans l’espace du chauffeur'
        end || ' (' || k || ')',
        case when k % 5 = 2 then 'Coupe le moteur une fois le véhicule arrêté depuis 5 minutes.' end,
        case when k % 5 in (3, 4) then 'amount' else 'time' end,
        case k % 5 when 2 then 1 + k % 3 when 0 then 1 else 0 end,
        case k % 5 when 1 then 5 when 2 then 0 when 0 then 0 else 0 end,
        case k % 5 when 3 then 'percentage' when 4 then 'fixed' end,
        case k % 5 when 3 then 50 when 4 then 20000 end,
        case k % 5 when 1 then 'notification' when 0 then 'notification' when 3 then 'buzzer' else 'lock' end,
        case when k % 5 in (2, 3, 4) then 15 end,
        case k % 5 when 2 then 5 when 4 then 0 end,
        case when k % 5 = 3 then 'intermittent' end,
        k % 5 in (2, 4),
        case k % 5 when 1 then 'sms' when 0 then 'push' else 'email' end,
        case k % 5
          when 1 then 'Bonjour, votre recette n’est pas encore réglée. Merci de passer à la caisse ou de payer par mobile money.'
          when 0 then 'Votre dette de recettes dépasse un jour de retard. Merci de la régler au plus vite.'
        end,
        k % 4 = 1,
        case when k % 10 = 2 and g.group_id is not null then array[g.group_id] else '{}'::uuid[] end,
        ${owner}, now() - interval '1 day' * (${days + triggerCount} - k), now() - interval '1 day' * (${days + triggerCount} - k)
        from generate_series(1, ${triggerCount}::int) k cross join g`);
  }

  // Past episodes: each (trigger, driver with a vehicle, start day) once.
  await db.execute(sql`
    with t as (
      select id, title, selected_action, row_number() over (order by created_at, id) - 1 as i
        from penalty_triggers where park_id = ${parkId}
    ),
    dv as (
      select dr.id as driver_id,
        (select vc.vehicle_id from vehicle_config_drivers vc where vc.driver_id = dr.id order by vc.position limit 1) as vehicle_id
        from drivers dr where dr.park_id = ${parkId}
    ),
    d as (select driver_id, vehicle_id, row_number() over (order by driver_id) - 1 as j from dv where vehicle_id is not null),
    n as (select (select count(*) from t) as nt, (select count(*) from d) as nd),
    -- Each episode's trigger (t.i) and driver (d.j) computed here, so both joins hash.
    g as (
      select g, h, age, g % n.nt as ti, h % n.nd as dj
        from n, generate_series(1, ${episodeCount}::int) g,
          lateral (select abs(hashtext(g::text || 'ep')) as h, 2 + abs(hashtext(g::text || 'age')) % ${days - 1} as age) x
       where n.nt > 0 and n.nd > 0
    ),
    e as (
      select g.h, g.age, t.id as trigger_id, t.title, t.selected_action as action, d.driver_id, d.vehicle_id,
        (now() at time zone ${tz})::date - g.age as episode_start,
        ((((now() at time zone ${tz})::date - g.age + 1)::timestamp + interval '6 hours' + (g.h % 720) * interval '1 minute') at time zone ${tz}) as fired_at
        from g join t on t.i = g.ti join d on d.j = g.dj
    )
    insert into trigger_episodes (id, park_id, trigger_id, trigger_title, action, driver_id, vehicle_id, episode_start, state, debt, objective,
      fired_at, done_at, attempts, last_answer, released_at, released_by)
    select ${v7('e.fired_at')}, ${parkId}, e.trigger_id, e.title, e.action, e.driver_id, e.vehicle_id, e.episode_start,
      case
        when e.action <> 'lock' then 'done'
        when e.h % 50 = 1 then 'failed'
        when e.h % 7 = 2 then 'cancelled'
        when e.age <= 10 and e.h % 3 = 0 then 'done'
        else 'released'
      end,
      (1 + e.h % 4) * 5000, 10000 + (e.h % 6) * 2500, e.fired_at,
      case when e.action <> 'lock' or (e.h % 50 <> 1 and e.h % 7 <> 2) then e.fired_at + interval '10 minutes' end,
      case when e.action = 'lock' then 1 + e.h % 3 else 1 end,
      case
        when e.action = 'notification' then 'SMS envoyé au chauffeur'
        when e.h % 50 = 1 then 'Le fournisseur GPS a refusé la commande'
        when e.h % 7 = 2 then 'Blocage annulé avant son envoi'
        else 'Commande reçue par le boîtier'
      end,
      case when e.action = 'lock' and e.h % 50 <> 1 and e.h % 7 <> 2 and not (e.age <= 10 and e.h % 3 = 0)
        then least(e.fired_at + (1 + e.h % 20) * interval '1 hour', now() - interval '1 minute') end,
      case when e.action = 'lock' and e.h % 50 <> 1 and e.h % 7 <> 2 and not (e.age <= 10 and e.h % 3 = 0) and e.h % 4 = 0 then ${owner}::uuid end
      from e
    on conflict do nothing`);

  // The enabled triggers' episodes of the drivers' current unpaid runs (with the park's recipes).
  await db.execute(sql`
    with today as (select (now() at time zone ${tz})::date as d),
    owed as (
      select r.driver_id, min(r.day) as start, sum(r.objective - r.collected) as debt, sum(r.objective) as objective,
        (array_agg(r.vehicle_id order by r.day desc) filter (where r.vehicle_id is not null))[1] as vehicle_id
        from recipes r, today
       where r.park_id = ${parkId} and r.deleted_at is null and r.paid_at is null and r.day <= today.d
         and r.objective > 0 and r.collected < r.objective
       group by r.driver_id
    ),
    c as (
      select o.*, t.id as trigger_id, t.title, t.selected_action as action, abs(hashtext(o.driver_id::text || t.id::text)) as h,
        -- A run older than the history began when the triggers were made: fired then.
        greatest(((o.start + 1)::timestamp + interval '6 hours') at time zone ${tz}, now() - ${days - 1}::int * interval '1 day') as fired_at
        from owed o cross join today join penalty_triggers t on t.park_id = ${parkId} and t.enabled
       where o.start <= today.d - 4 and (t.selected_action = 'notification' or o.vehicle_id is not null)
    )
    insert into trigger_episodes (id, park_id, trigger_id, trigger_title, action, driver_id, vehicle_id, episode_start, state, debt, objective,
      fired_at, done_at, attempts, last_answer, released_at, released_by)
    select ${v7('c.fired_at')}, ${parkId}, c.trigger_id, c.title, c.action, c.driver_id, c.vehicle_id, c.start,
      case when c.action = 'lock' and c.h % 4 <> 0 then 'released' else 'done' end,
      c.debt, c.objective, c.fired_at, c.fired_at + interval '10 minutes', 1,
      case when c.action = 'notification' then 'SMS envoyé au chauffeur' else 'Commande reçue par le boîtier' end,
      case when c.action = 'lock' and c.h % 4 <> 0 then c.fired_at + interval '3 hours' end,
      case when c.action = 'lock' and c.h % 4 <> 0 then ${owner}::uuid end
      from c
    on conflict do nothing`);

  // The action log: each row follows an episode in fire order (spread like them over the days).
  if (actionCount > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
      with e as (
        select e.*, row_number() over (order by fired_at, id) - 1 as i
          from trigger_episodes e where park_id = ${parkId}
      ),
      -- Each action's episode rank computed here, so the join hashes.
      g as (
        select g, abs(hashtext(g::text || 'ac')) as h, (g::bigint * n.ne) / ${actionCount} as ei
          from (select count(*) as ne from trigger_episodes where park_id = ${parkId}) n, generate_series(0, ${actionCount - 1}::int) g
      ),
      a as (
        select g.h, e.id as episode_id, e.trigger_title, e.driver_id, e.vehicle_id, e.debt, e.objective,
          least(e.fired_at + (g.h % 7200) * interval '1 second', now() - interval '1 second') as at,
          case
            when e.action <> 'lock' then e.action
            when g.h % 5 = 0 then 'lock_deferred'
            when g.h % 11 = 0 then 'unlock'
            else 'lock'
          end as kind
          from g join e on e.i = g.ei
      )
      insert into gps_action_log (id, park_id, at, kind, cause, caused_by, episode_id, trigger_title, driver_id, vehicle_id, debt, objective, outcome, answer)
      select ${v7('a.at')}, ${parkId}, a.at, a.kind,
        case when a.kind = 'unlock' and a.h % 2 = 0 then 'manual' when a.kind = 'unlock' then 'auto_cancel' else 'trigger' end,
        case when a.kind = 'unlock' and a.h % 2 = 0 then ${owner}::uuid end,
        a.episode_id, a.trigger_title, a.driver_id, a.vehicle_id, a.debt, a.objective,
        case
          when a.kind = 'lock_deferred' then 'waiting'
          when a.kind = 'notification' then 'sent'
          when a.h % 41 = 0 then 'failed'
          when a.h % 29 = 0 then 'offline'
          when a.h % 17 = 0 then 'queued'
          else 'sent'
        end,
        case
          when a.kind = 'lock_deferred' then 'Véhicule en mouvement ou arrêté depuis trop peu de temps\u00a0: blocage différé jusqu’à son arrêt'
          when a.kind = 'notification' then 'SMS envoyé au chauffeur'
          when a.h % 41 = 0 then 'Le fournisseur GPS a refusé la commande'
          when a.h % 29 = 0 then 'Boîtier hors ligne\u00a0: la commande n’a pas été envoyée'
          when a.h % 17 = 0 then 'Commande transmise au fournisseur\u00a0: le boîtier la reçoit à sa connexion'
          else 'Commande reçue par le boîtier'
        end
        from a`);
    });
  }

  const { rows } = await db.execute<{ vehicles: number; triggers: number; enabled: number; episodes: number; done_locks: number; actions: number; sample: string | null }>(sql`
    select (select count(*)::int from vehicles where park_id = ${parkId} and gps_number is not null) as vehicles,
      (select count(*)::int from penalty_triggers where park_id = ${parkId}) as triggers,
      (select count(*)::int from penalty_triggers where park_id = ${parkId} and enabled) as enabled,
      (select count(*)::int from trigger_episodes where park_id = ${parkId}) as episodes,
      (select count(*)::int from trigger_episodes where park_id = ${parkId} and action = 'lock' and state = 'done') as done_locks,
      (select count(*)::int from gps_action_log where park_id = ${parkId}) as actions,
      (select id from vehicles where park_id = ${parkId} and gps_number is not null order by id limit 1) as sample`);
  const r = rows[0];
  return { gpsVehicles: r.vehicles, gpsTriggers: r.triggers, gpsEnabledTriggers: r.enabled, gpsEpisodes: r.episodes, gpsDoneLocks: r.done_locks, gpsActions: r.actions, gpsSampleVehicleId: r.sample };
}
