import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLANNING_SUCCESS,
  ZAvailableDriver,
  ZAvailableVehicle,
  ZCalendarEntries,
  ZDriverUnavailability,
  ZPlanningAvailabilityQuery,
  ZPlanningConfirmInput,
  ZPlanningConfirmResult,
  ZPlanningGenerateInput,
  ZPlanningGenerateResult,
  ZPlanningPeriodQuery,
  ZRotationGroup,
  ZRotationGroupInput,
  ZVehicleUnavailability,
} from '@flotte/contract';
import { actingProfile, hasPermission } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import {
  confirm,
  driverProgram,
  generate,
  listAvailableDrivers,
  listAvailableVehicles,
  parkCalendar,
  vehicleProgram,
  type PlanningDeps,
} from './planning.service.ts';
import { driverUnavailabilities, vehicleUnavailabilities } from './planning-unavailability.ts';
import { deleteRotationGroup, listRotationGroups, saveRotationGroup } from './rotation-groups.service.ts';

const tags = ['planning'];
const zIdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });
const zParkParams = z.object({ parkId: z.string() });

/**
 * Reading the planning needs the planning screen (VIEW_PLANNING) or the right to manage vehicles
 * and drivers (MANAGE_DRIVER_VEHICLE), who plans them. Checked here because the route config can
 * only require all of several permissions.
 */
export const PLANNING_READ = 'VIEW_PLANNING or MANAGE_DRIVER_VEHICLE';
function canRead(req: FastifyRequest) {
  const p = actingProfile(req);
  if (!hasPermission(p, 'VIEW_PLANNING') && !hasPermission(p, 'MANAGE_DRIVER_VEHICLE')) throw new AppError('FORBIDDEN');
  return p;
}

/**
 * The planning (issue 6, section 1): generating and confirming, the calendar, the work programmes,
 * availability, and rotation groups. Writes need MANAGE_DRIVER_VEHICLE. None moves money, so no
 * Idempotency-Key: confirming the same period twice gives the same rows anyway.
 */
export const planningRoutes: FastifyPluginAsyncZod<{ deps: PlanningDeps }> = async (app, { deps }) => {
  app.post('/planning/generate', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE', growsPark: true },
    schema: {
      tags,
      summary: "Aperçu du planning d'une période (véhicules, groupe de rotation, ou tous les véhicules configurés) : entrées, conflits, véhicules sans planning",
      body: ZPlanningGenerateInput,
      response: { 200: zEnvelope(ZPlanningGenerateResult) },
    },
  }, async (req) => ok(await generate(deps, actingProfile(req), req.body), PLANNING_SUCCESS.generated));

  app.post('/planning/confirm', {
    // A month of a 1,000-vehicle fleet is ~31,000 entries (3 to 4 MB of JSON): above the 1 MiB default.
    bodyLimit: 16 * 1024 * 1024,
    config: { permission: 'MANAGE_DRIVER_VEHICLE', growsPark: true },
    schema: {
      tags,
      summary: 'Confirme le planning : remplace, en une transaction, les entrées des véhicules listés sur la période',
      body: ZPlanningConfirmInput,
      response: { 200: zEnvelope(ZPlanningConfirmResult) },
    },
  }, async (req) => ok(await confirm(deps, actingProfile(req), req.body), PLANNING_SUCCESS.confirmed));

  app.get('/planning/available-vehicle', {
    schema: {
      tags,
      summary: 'Véhicules en service sans aucune entrée sur la période (hors ceux d’un autre groupe de rotation)',
      querystring: ZPlanningAvailabilityQuery,
      response: { 200: zEnvelope(z.array(ZAvailableVehicle)) },
    },
  }, async (req) => ok(await listAvailableVehicles(deps, canRead(req), req.query)));

  app.get('/planning/available-driver', {
    schema: {
      tags,
      summary: 'Chauffeurs actifs sans aucune entrée sur la période (hors ceux d’un autre groupe de rotation)',
      querystring: ZPlanningAvailabilityQuery,
      response: { 200: zEnvelope(z.array(ZAvailableDriver)) },
    },
  }, async (req) => ok(await listAvailableDrivers(deps, canRead(req), req.query)));

  // The park id is checked against the acting park by the guard (403 otherwise).
  app.get('/planning/:parkId', {
    schema: {
      tags,
      summary: 'Le planning du parc sur la période, élargie d’un jour de chaque côté, et ses véhicules en maintenance',
      params: zParkParams,
      querystring: ZPlanningPeriodQuery,
      response: { 200: zEnvelope(ZCalendarEntries) },
    },
  }, async (req) => ok(await parkCalendar(deps, canRead(req), req.query)));

  app.get('/vehicle/work-program/:id', {
    schema: { tags, summary: "Le programme de travail d'un véhicule", params: zIdParams, querystring: ZPlanningPeriodQuery, response: { 200: zEnvelope(ZCalendarEntries) } },
  }, async (req) => ok(await vehicleProgram(deps, canRead(req), req.params.id, req.query)));

  app.get('/driver/work-program/:id', {
    schema: { tags, summary: "Le programme de travail d'un chauffeur", params: zIdParams, querystring: ZPlanningPeriodQuery, response: { 200: zEnvelope(ZCalendarEntries) } },
  }, async (req) => ok(await driverProgram(deps, canRead(req), req.params.id, req.query)));

  app.get('/park/indisponibilities', {
    schema: { tags, summary: 'Véhicules indisponibles (maintenance, désactivés) avec le motif', querystring: ZPlanningPeriodQuery, response: { 200: zEnvelope(z.array(ZVehicleUnavailability)) } },
  }, async (req) => ok(await vehicleUnavailabilities(deps, canRead(req), req.query)));

  app.get('/indisponibles-drivers', {
    schema: {
      tags,
      summary: 'Chauffeurs indisponibles sur la période (suspendus, désactivés, jours de repos) avec le motif et les jours',
      querystring: ZPlanningPeriodQuery,
      response: { 200: zEnvelope(z.array(ZDriverUnavailability)) },
    },
  }, async (req) => ok(await driverUnavailabilities(deps, canRead(req), req.query)));

  // ---------------------------------------------------------------- rotation groups

  app.get('/rotation/by/:parkId', {
    schema: { tags, summary: 'Les groupes de rotation du parc, avec leurs véhicules, chauffeurs principaux et intérimaires', params: zParkParams, response: { 200: zEnvelope(z.array(ZRotationGroup)) } },
  }, async (req) => ok(await listRotationGroups(deps, canRead(req))));

  app.post('/rotation', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE', growsPark: true },
    schema: { tags, summary: 'Crée un groupe de rotation, ou le modifie quand `id` est donné', body: ZRotationGroupInput, response: { 200: zEnvelope(ZRotationGroup) } },
  }, async (req) => {
    const { group, created } = await saveRotationGroup(deps, actingProfile(req), req.body);
    return ok(group, created ? PLANNING_SUCCESS.rotationAdded : PLANNING_SUCCESS.rotationUpdated);
  });

  app.delete('/rotation/:id', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE' },
    schema: { tags, summary: 'Supprime un groupe de rotation (les entrées confirmées restent)', params: zIdParams, response: { 200: zEnvelope(z.object({ id: z.string() })) } },
  }, async (req) => ok(await deleteRotationGroup(deps, actingProfile(req), req.params.id), PLANNING_SUCCESS.rotationDeleted));
};
