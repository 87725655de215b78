import { eq, sql } from 'drizzle-orm';
import { CONTRACT_EVENT_LABELS, type TContractEvent, type TContractEventKind } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { statementValues, textQuery } from '../../platform/db/prepared.ts';
import { profiles, users } from '../access/access.tables.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { findContractRow } from './contracts.queries.ts';
import { contractEvents } from './contracts.tables.ts';

/**
 * A contract's history (GET /contract/{id}/history): every change with who and when. The actor's
 * name is written with the event, so the history reads the same after a profile is removed.
 */

/** The person behind a profile, as the history and the signature record name him. */
export async function profilePersonName(db: Db | Tx, profileId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row?.name || 'Utilisateur';
}

/** Writes one event of the contract's history, inside the caller's transaction. */
export async function recordContractEvent(
  tx: Db | Tx,
  e: { parkId: string; contractId: string; kind: TContractEventKind; detail?: Record<string, unknown>; profileId: string | null; actorName?: string | null },
): Promise<void> {
  const actorName = e.actorName !== undefined ? e.actorName : e.profileId ? await profilePersonName(tx, e.profileId) : null;
  await tx.insert(contractEvents).values({ parkId: e.parkId, contractId: e.contractId, kind: e.kind, detail: e.detail ?? {}, profileId: e.profileId, actorName });
}

/** GET /contract/{id}/history: newest first. */
export async function contractHistory(deps: ContractsDeps, actor: ActingProfile, id: string): Promise<TContractEvent[]> {
  const row = await findContractRow(deps, actor, id);
  const { values, $ } = statementValues();
  const { rows } = await textQuery<{ id: string; kind: TContractEventKind; detail: Record<string, unknown>; actor_name: string | null; created_at: Date | string }>(
    deps.db,
    `select e.id, e.kind, e.detail, e.actor_name, e.created_at from contract_events e
      where e.contract_id = ${$(row.id)}::uuid and e.park_id = ${$(row.park_id)}::uuid order by e.created_at desc, e.id desc`,
    values,
  );
  return rows.map((e) => ({
    id: e.id,
    kind: e.kind,
    label: CONTRACT_EVENT_LABELS[e.kind] ?? e.kind,
    detail: e.detail ?? {},
    actor: e.actor_name,
    created_at: toWireDate(e.created_at instanceof Date ? e.created_at : new Date(e.created_at), row.time_zone),
  }));
}
