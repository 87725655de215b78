import { eq, sql } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { clients } from './clients.tables.ts';

// The clients' "reset the account" option, registered once at startup (modules/registrations.ts).
// Contacts and addresses go with their client (on delete cascade). Courses name their client with
// ON DELETE RESTRICT, and each option may be chosen alone: erasing the clients erases their courses
// first (the courses' own option, when chosen too, may have done it already). The operations that
// recorded finished courses stay (the money did move), without their course.

registerResetOption({
  code: 'clients',
  label: 'Clients',
  description: 'Supprime tous les clients, leurs contacts et leurs adresses, ainsi que leurs courses. Les opérations des courses terminées restent.',
  // After the courses' option if it runs (whatever its order, this one leaves no course behind).
  order: 48,
  async reset(tx, parkId) {
    // Raw SQL: the courses table is the courses module's, read here only to clear the way.
    await tx.execute(sql`delete from courses where park_id = ${parkId}`);
    await tx.delete(clients).where(eq(clients.parkId, parkId));
  },
});
