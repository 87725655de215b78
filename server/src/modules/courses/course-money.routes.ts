import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COURSE_MESSAGES, ZCourseDetail, ZCourseSettle } from '@flotte/contract/courses';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { FilesDeps } from '../files/files.service.ts';
import { courseOrderPdf } from './course-order-pdf.ts';
import { settleCourse } from './course-settle.ts';
import { getCourseDetail } from './courses.queries.ts';

export interface CourseMoneyDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The park's logo, printed on the purchase order. */
  files: FilesDeps;
}

const tags = ['courses'];
const zIdParams = z.object({ id: z.string() });

/**
 * A course's money after it finished (issue 20 sections 2 and 4): the client settling what he
 * owes, and the purchase order ('Bon de commande') as a PDF made on demand.
 */
export const courseMoneyRoutes: FastifyPluginAsyncZod<{ deps: CourseMoneyDeps }> = async (app, { deps }) => {
  app.post('/course/:id/settle', {
    config: { permission: 'MANAGE_COURSES', idempotent: true },
    schema: {
      tags,
      summary:
        "Enregistre le règlement par le client d'une course terminée « à régler par le client » : le montant entre dans la caisse choisie (sans caisse, le compte cash par défaut avec ACCESS_CAISSE_CASH) et la créance du client diminue d'autant. Une seule fois par course (409 ensuite)",
      params: zIdParams,
      body: ZCourseSettle,
      response: { 200: zEnvelope(ZCourseDetail) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    await settleCourse(deps.db, acting, req.params.id, req.body);
    // The course as the screens show it (settled_at set, settle no longer offered), like every course action answers.
    return ok(await getCourseDetail(deps.db, acting, req.params.id), COURSE_MESSAGES.settled);
  });

  app.get('/course/:id/order', {
    config: { permission: 'VIEW_COURSES' },
    schema: {
      tags,
      summary:
        'Le bon de commande de la course en PDF (logo et mentions légales du parc, client, trajet, horaires, véhicule, chauffeur, montant), généré à la demande',
      params: zIdParams,
    },
  }, async (req, reply) => {
    const doc = await courseOrderPdf(deps, actingProfile(req), req.params.id);
    reply.header('Content-Disposition', `attachment; filename="${doc.filename}"`);
    reply.header('Content-Length', doc.content.length);
    reply.header('Cache-Control', 'private, no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type('application/pdf').send(doc.content);
  });
};
