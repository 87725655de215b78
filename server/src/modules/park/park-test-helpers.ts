import { roles } from '../access/access.tables.ts';
import type { TestContext } from '../../../test/test-context.ts';

/** Helpers shared by the park module's tests. */

export { TINY_PNG as png, formData } from '../../../test/multipart.ts';

/** A role of the park holding exactly these permissions, for a member to be given. */
export async function addRole(ctx: TestContext, parkId: string, name: string, permissions: string[]) {
  const [role] = await ctx.database.db.insert(roles).values({ parkId, name, permissions }).returning();
  return role;
}
