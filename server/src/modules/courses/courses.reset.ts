import { eq, sql } from 'drizzle-orm';
import { registerResetOption } from '../park/reset-registry.ts';
import { clients } from '../clients/clients.tables.ts';
import { courses, courseTariffs } from './courses.tables.ts';

// The courses' "reset the account" option, registered once at startup (modules/registrations.ts).
// It runs before the clients' (courses reference clients ON DELETE RESTRICT). The revenue of
// finished courses stays in the operations (the money did move): the operations only lose their
// course (fund_movements.course_id is a plain column, never read without the course).

registerResetOption({
  code: 'courses',
  label: 'Courses',
  description: 'Supprime toutes les courses (à venir, en cours, passées) et le tarif des courses. Les recettes des courses terminées restent dans les opérations.',
  order: 26,
  async reset(tx, parkId) {
    await tx.delete(courses).where(eq(courses.parkId, parkId));
    await tx.delete(courseTariffs).where(eq(courseTariffs.parkId, parkId));
    await tx.update(clients).set({ coursesCount: 0 }).where(sql`${clients.parkId} = ${parkId} and ${clients.coursesCount} <> 0`);
  },
});
