import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COURSE_MESSAGES as M,
  ZCourseAvailability,
  ZCourseAvailabilityQuery,
  ZCourseCreate,
  ZCourseDetail,
  ZCourseListQuery,
  ZCoursePage,
  ZCourseQuote,
  ZCourseQuoteQuery,
  ZCourseTariff,
  ZCourseTariffInput,
  ZCourseUpdate,
} from '@flotte/contract/courses';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { loadClientRef } from '../clients/clients.queries.ts';
import { courseAvailability } from './course-availability.ts';
import { createCourse } from './course-create.ts';
import { quoteCourse, readCourseTariff, saveCourseTariff } from './course-tariff.ts';
import { updateCourse } from './course-update.ts';
import { updateMessage } from './course-view.ts';
import type { CoursesDeps } from './courses.deps.ts';
import { getCourseDetail, listCourses } from './courses.queries.ts';

const tags = ['courses'];
const zIdParams = z.object({ id: z.string() });
/** The courses screens and the form's helpers (MANAGE_COURSES implies the view). */
const read = { permission: 'VIEW_COURSES' as const };
/** Every change of a course; finishing moves money, so an Idempotency-Key makes a retry safe. */
const manage = { permission: 'MANAGE_COURSES' as const, idempotent: true };

const FILTERS =
  'Filtres : groupe (current en cours, upcoming à venir, past passées), statut, client, véhicule, chauffeur, période (start_date : courses qui finissent à partir de ce jour ; end_date : qui commencent jusqu’à ce jour). En cours et à venir : la plus proche d’abord ; passées et listes mélangées : la plus récente d’abord. Total exact';

/** Courses (issue 20 section 2; spec 000 sections 3, 4, 7, 8; spec 002 rides). */
export const coursesRoutes: FastifyPluginAsyncZod<{ deps: CoursesDeps }> = async (app, { deps }) => {
  app.post('/course', {
    config: manage,
    schema: {
      tags,
      summary:
        "Programme une course pour un client du parc : adresses de départ et d'arrivée, horaires, véhicule et chauffeur libres sur ce créneau (planning, entretiens et autres courses), nombre de personnes dans la limite des places du véhicule, montant. La distance et la durée viennent du calcul d'itinéraire (à vol d'oiseau s'il échoue). Type 2 : la course sert un entretien du parc",
      body: ZCourseCreate,
      response: { 200: zEnvelope(ZCourseDetail) },
    },
  }, async (req) => ok(await createCourse(deps, actingProfile(req), req.body), M.created));

  app.get('/course', {
    config: read,
    schema: { tags, summary: `Les courses du parc, paginées. ${FILTERS}`, querystring: ZCourseListQuery, response: { 200: zEnvelope(ZCoursePage) } },
  }, async (req) => ok(await listCourses(deps.db, actingProfile(req), req.query)));

  app.get('/course/availability', {
    config: read,
    schema: {
      tags,
      summary:
        "Les véhicules et chauffeurs libres sur un créneau : ni désactivés ni suspendus, sans entretien ni autre course sur le créneau, et selon le planning. Un véhicule que le planning fait travailler n'est libre qu'avec son chauffeur du moment (current_driver_id) ; ce chauffeur n'est alors pas dans la liste des chauffeurs",
      querystring: ZCourseAvailabilityQuery,
      response: { 200: zEnvelope(ZCourseAvailability) },
    },
  }, async (req) => ok(await courseAvailability(deps.db, actingProfile(req), req.query)));

  app.get('/course/quote', {
    config: read,
    schema: {
      tags,
      summary:
        "La distance et la durée par la route entre deux points (à vol d'oiseau si le calcul d'itinéraire échoue) et le montant suggéré : tarifs du véhicule d'abord (par km, par course, par heure, par jour), sinon le tarif des courses du parc ; null sans tarif",
      querystring: ZCourseQuoteQuery,
      response: { 200: zEnvelope(ZCourseQuote) },
    },
  }, async (req) => ok(await quoteCourse(deps, actingProfile(req), req.query)));

  app.get('/course/tariff', {
    config: read,
    schema: { tags, summary: 'Le tarif des courses du parc : frais de base et prix par km, dans la devise du parc (0 sans tarif)', response: { 200: zEnvelope(ZCourseTariff) } },
  }, async (req) => ok(await readCourseTariff(deps.db, actingProfile(req))));

  app.put('/course/tariff', {
    config: { permission: 'MANAGE_COURSES' as const },
    schema: { tags, summary: 'Enregistre le tarif des courses du parc : frais de base et prix par km, dans la devise du parc', body: ZCourseTariffInput, response: { 200: zEnvelope(ZCourseTariff) } },
  }, async (req) => ok(await saveCourseTariff(deps.db, actingProfile(req), req.body), M.tariffSaved));

  app.get('/course/:id', {
    config: read,
    schema: {
      tags,
      summary: "Une course : client, trajet (tracé pour la carte), horaires, véhicule, chauffeur, montant, où est allé l'argent, et les actions permises à l'appelant",
      params: zIdParams,
      response: { 200: zEnvelope(ZCourseDetail) },
    },
  }, async (req) => ok(await getCourseDetail(deps.db, actingProfile(req), req.params.id)));

  app.put('/course/:id', {
    config: manage,
    schema: {
      tags,
      summary:
        "Modifie une course en attente ou manquée (pas en cours : 409 ; ni terminée ni annulée), ou change son statut : canceled annule une course ouverte (irréversible, motif facultatif), inProgres la démarre maintenant (véhicule et chauffeur requis), finished termine une course en cours et enregistre sa recette (dans une caisse, ou à régler par le client)",
      params: zIdParams,
      body: ZCourseUpdate,
      response: { 200: zEnvelope(ZCourseDetail) },
    },
  }, async (req) => ok(await updateCourse(deps, actingProfile(req), req.params.id, req.body), updateMessage(req.body.status)));

  app.get('/client/:id/course', {
    config: read,
    schema: { tags: ['clients', ...tags], summary: `Les courses d'un client du parc, paginées. ${FILTERS}`, params: zIdParams, querystring: ZCourseListQuery, response: { 200: zEnvelope(ZCoursePage) } },
  }, async (req) => {
    const acting = actingProfile(req);
    if (!(await loadClientRef(deps.db, acting.parkId, req.params.id))) throw new AppError('CLIENT_NOT_FOUND');
    return ok(await listCourses(deps.db, acting, { ...req.query, client_id: req.params.id }));
  });
};
