import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import { OWNER_ROLE, type TAdmin, type TAdminInputParsed, type TAdminUpdateParsed } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import type { AccessDeps } from './access.deps.ts';
import { parks, profileRoles, profiles, roles, users } from './access.tables.ts';
import * as q from './access.queries.ts';
import { invitationMessage } from './admin-invitation.ts';
import { findAdmin, readAdmin } from './admins.queries.ts';
import { assertParkFile } from '../files/park-file-refs.ts';
import { identifierOf } from './identity.ts';

/**
 * Adding, editing and removing a park's administrators. A person is one user (one email, one
 * phone, one password) with a profile per park and login type; adding someone who already has an
 * account elsewhere gives that account a profile here and never touches its password.
 */
type UserRow = typeof users.$inferSelect;

const ADMIN_NOT_FOUND = () => new AppError('NOT_FOUND', { message: 'Administrateur introuvable' });
export const UNKNOWN_ROLE_MESSAGE = 'Rôle inconnu dans ce parc';

/** Unique index violations carry the index name; drizzle wraps the driver error in `cause`. */
function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

function conflictOf(err: unknown): unknown {
  const index = uniqueViolation(err);
  if (index === null) return err;
  return new AppError(index === 'profiles_user_park_type_key' ? 'ADMIN_EXISTS' : 'CONTACT_TAKEN');
}

const emailOf = (v?: string) => (v ? identifierOf({ email: v }).value : undefined);
const phoneOf = (v?: string) => (v ? identifierOf({ phone: v }).value : undefined);

async function assertParkRoles(tx: Tx, parkId: string, roleIds: string[]): Promise<void> {
  const found = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.parkId, parkId), inArray(roles.id, roleIds)));
  if (found.length !== roleIds.length) throw fieldError('role_ids', UNKNOWN_ROLE_MESSAGE);
}

async function replaceRoles(tx: Tx, parkId: string, profileId: string, roleIds: string[]): Promise<void> {
  await assertParkRoles(tx, parkId, roleIds);
  await tx.delete(profileRoles).where(eq(profileRoles.profileId, profileId));
  await tx.insert(profileRoles).values(roleIds.map((roleId) => ({ profileId, roleId, parkId })));
}

async function userWhere(tx: Tx, col: typeof users.email | typeof users.phone, value: string | undefined): Promise<UserRow | undefined> {
  if (!value) return undefined;
  const [row] = await tx.select().from(users).where(eq(col, value)).limit(1);
  return row;
}

/** Where failures to deliver an invitation are reported (the route's request log). */
export interface InviteLog {
  warn(obj: object, msg: string): void;
}

/**
 * Tells the person they were added, by email when the form gave one, else by SMS. It runs after
 * the commit (the embedded database serves one transaction at a time, and the dev outbox writes
 * to it), so a delivery failure can't undo the addition: it is logged, and the person can still
 * get in through "Mot de passe oublié ?".
 */
async function invite(
  deps: AccessDeps,
  v: { parkId: string; inviterUserId: string; user: UserRow; preferEmail: boolean; type: string; log?: InviteLog },
) {
  const byEmail = (v.preferEmail && !!v.user.email) || !v.user.phone;
  const to = byEmail ? v.user.email : v.user.phone;
  if (!to) return;
  try {
    await sendInvitation(deps, { ...v, channel: byEmail ? 'email' : 'sms', to });
  } catch (err) {
    v.log?.warn({ err, profileUserId: v.user.id }, 'admin invitation not delivered');
  }
}

async function sendInvitation(
  deps: AccessDeps,
  v: { parkId: string; inviterUserId: string; user: UserRow; type: string; channel: 'email' | 'sms'; to: string },
) {
  const [park] = await deps.db.select({ name: parks.name }).from(parks).where(eq(parks.id, v.parkId)).limit(1);
  const inviter = await q.findUserById(deps.db, v.inviterUserId);
  await deps.notifier.send(
    invitationMessage({
      channel: v.channel,
      to: v.to,
      firstName: v.user.firstName,
      parkName: park?.name ?? '',
      inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : '',
      type: v.type,
      needsPassword: !v.user.passwordHash,
      appUrl: deps.publicUrl,
    }),
  );
}

/**
 * POST /admin/add. Finds the person by email, then phone; creates an account without password
 * when there is none. A removed profile of that person and type is restored.
 */
export async function addAdmin(
  deps: AccessDeps,
  v: { parkId: string; inviterUserId: string; input: TAdminInputParsed; log?: InviteLog },
): Promise<TAdmin> {
  const { input } = v;
  const email = emailOf(input.email);
  const phone = phoneOf(input.phone);
  let saved: { profileId: string; user: UserRow };
  try {
    saved = await deps.db.transaction(async (tx) => {
      await assertParkRoles(tx, v.parkId, input.role_ids);
      await assertParkFile(tx, v.parkId, { field: 'image', value: input.image });
      const byEmail = await userWhere(tx, users.email, email);
      const byPhone = await userWhere(tx, users.phone, phone);
      if (byEmail && byPhone && byEmail.id !== byPhone.id) throw new AppError('CONTACTS_OF_TWO_ACCOUNTS');
      let user = byEmail ?? byPhone;
      if (user?.disabledAt) throw new AppError('ACCOUNT_DISABLED');
      if (!user) {
        const [park] = await tx.select({ countryCode: parks.countryCode }).from(parks).where(eq(parks.id, v.parkId)).limit(1);
        [user] = await tx
          .insert(users)
          .values({ email, phone, firstName: input.first_name, lastName: input.last_name, image: input.image, countryIsoCode: park?.countryCode })
          .returning();
      } else if (!user.passwordHash) {
        // Nobody owns this account yet: complete the contacts it lacks (they are free: the
        // lookups above found no one else with them). Existing contacts stay as they are.
        const patch: Partial<UserRow> = {};
        if (email && !user.email) patch.email = email;
        if (phone && !user.phone) patch.phone = phone;
        if (Object.keys(patch).length) [user] = await tx.update(users).set(patch).where(eq(users.id, user.id)).returning();
      }

      const existing = await tx.select().from(profiles).where(and(eq(profiles.userId, user.id), eq(profiles.parkId, v.parkId)));
      if (existing.some((p) => !p.removedAt && (p.type === input.type || p.role === OWNER_ROLE))) throw new AppError('ADMIN_EXISTS');
      const removed = existing.find((p) => p.type === input.type);
      let id: string;
      if (removed) {
        id = removed.id;
        await tx.update(profiles).set({ removedAt: null, role: 'MEMBER' }).where(eq(profiles.id, id));
      } else {
        [{ id }] = await tx.insert(profiles).values({ userId: user.id, parkId: v.parkId, type: input.type }).returning({ id: profiles.id });
      }
      await replaceRoles(tx, v.parkId, id, input.role_ids);
      return { profileId: id, user };
    });
  } catch (err) {
    throw conflictOf(err);
  }
  await invite(deps, { parkId: v.parkId, inviterUserId: v.inviterUserId, user: saved.user, preferEmail: !!email, type: input.type, log: v.log });
  return (await readAdmin(deps.db, v.parkId, saved.profileId))!;
}

/**
 * PUT /admin/{id}. Names and photo update the person; contacts only while nobody has claimed the
 * account (after that they are the holder's to change); role_ids replaces the roles; a new type
 * ends the profile's sessions, since they were opened under the old one.
 */
export async function updateAdmin(
  deps: AccessDeps,
  v: { parkId: string; profileId: string; inviterUserId: string; input: TAdminUpdateParsed; log?: InviteLog },
): Promise<TAdmin> {
  const { input } = v;
  const found = await findAdmin(deps.db, v.parkId, v.profileId);
  if (!found) throw ADMIN_NOT_FOUND();
  if (found.profile.role === OWNER_ROLE) throw new AppError('OWNER_NOT_EDITABLE');
  const email = emailOf(input.email);
  const phone = phoneOf(input.phone);
  const newEmail = email !== undefined && email !== found.user.email;
  const newPhone = phone !== undefined && phone !== found.user.phone;
  if ((newEmail || newPhone) && found.user.hasPassword) throw new AppError('CONTACTS_LOCKED');

  try {
    await deps.db.transaction(async (tx) => {
      if (input.role_ids) await replaceRoles(tx, v.parkId, v.profileId, input.role_ids);
      await assertParkFile(tx, v.parkId, { field: 'image', value: input.image });
      if (newEmail || newPhone) {
        const clash = or(newEmail ? eq(users.email, email!) : undefined, newPhone ? eq(users.phone, phone!) : undefined);
        const [taken] = await tx.select({ id: users.id }).from(users).where(and(clash, ne(users.id, found.user.id))).limit(1);
        if (taken) throw new AppError('CONTACT_TAKEN');
      }
      const patch: Partial<UserRow> = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.image !== undefined) patch.image = input.image;
      if (newEmail) patch.email = email;
      if (newPhone) patch.phone = phone;
      if (Object.keys(patch).length) await tx.update(users).set(patch).where(eq(users.id, found.user.id));

      if (input.type && input.type !== found.profile.type) {
        const [other] = await tx
          .select()
          .from(profiles)
          .where(and(eq(profiles.userId, found.user.id), eq(profiles.parkId, v.parkId), eq(profiles.type, input.type)));
        if (other && !other.removedAt) throw new AppError('ADMIN_EXISTS');
        // A removed profile of that type only stands in the way of the unique index.
        if (other) await tx.delete(profiles).where(eq(profiles.id, other.id));
        await tx.update(profiles).set({ type: input.type }).where(eq(profiles.id, v.profileId));
        await q.revokeProfileSessions(tx, v.profileId, 'profile_type_changed');
      }
    });
  } catch (err) {
    throw conflictOf(err);
  }
  if (newEmail || newPhone) {
    // The invitation went to the old, wrong address: send it again where the person will read it.
    const user = await q.findUserById(deps.db, found.user.id);
    if (user) await invite(deps, { parkId: v.parkId, inviterUserId: v.inviterUserId, user, preferEmail: newEmail, type: input.type ?? found.profile.type, log: v.log });
  }
  return (await readAdmin(deps.db, v.parkId, v.profileId))!;
}

/**
 * DELETE /park/remove-profile. Access ends at once: the guard never loads a removed profile, and
 * the sessions opened with it are revoked in the same transaction. The user and their other
 * parks are untouched.
 */
export async function removeAdmin(
  deps: AccessDeps,
  v: { parkId: string; callerUserId: string; profileId: string },
): Promise<{ profile_id: string }> {
  const found = await findAdmin(deps.db, v.parkId, v.profileId);
  if (!found) throw ADMIN_NOT_FOUND();
  if (found.profile.role === OWNER_ROLE) throw new AppError('OWNER_NOT_REMOVABLE');
  if (found.user.id === v.callerUserId) throw new AppError('CANNOT_REMOVE_SELF');
  await deps.db.transaction(async (tx) => {
    await tx.update(profiles).set({ removedAt: new Date() }).where(and(eq(profiles.id, v.profileId), isNull(profiles.removedAt)));
    await tx.delete(profileRoles).where(eq(profileRoles.profileId, v.profileId));
    await q.revokeProfileSessions(tx, v.profileId, 'profile_removed');
  });
  return { profile_id: v.profileId };
}
