import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { OWNER_ROLE } from '@flotte/contract';
import { registerResetOption } from '../park/reset-registry.ts';
import { profileRoles, profiles, roles, sessions } from './access.tables.ts';
import { DEFAULT_ROLES } from './default-roles.ts';

// What the access module lets "reset the account" wipe. Imported once at startup (app.ts).

registerResetOption({
  code: 'administrators',
  label: 'Administrateurs',
  description: 'Retire tous les administrateurs du parc, sauf le propriétaire.',
  order: 10,
  async reset(tx, parkId) {
    // Drivers are profiles too, but they belong to the drivers' own reset option.
    const removed = await tx
      .update(profiles)
      .set({ removedAt: new Date() })
      .where(and(eq(profiles.parkId, parkId), ne(profiles.role, OWNER_ROLE), ne(profiles.type, 'driver'), isNull(profiles.removedAt)))
      .returning({ id: profiles.id });
    if (removed.length === 0) return;
    const ids = removed.map((p) => p.id);
    await tx.delete(profileRoles).where(inArray(profileRoles.profileId, ids));
    // The guard already refuses a removed profile; revoking also ends the sessions that opened on it.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'park_reset' })
      .where(and(inArray(sessions.profileId, ids), isNull(sessions.revokedAt)));
  },
});

registerResetOption({
  code: 'roles',
  label: 'Rôles',
  description: 'Supprime les rôles créés ou modifiés et rétablit les rôles par défaut ; plus aucun administrateur ne garde de rôle.',
  order: 20,
  async reset(tx, parkId) {
    // Deleting a role deletes its assignments (profile_roles cascades).
    await tx.delete(roles).where(eq(roles.parkId, parkId));
    await tx.insert(roles).values(DEFAULT_ROLES.map((r) => ({ ...r, parkId })));
  },
});
