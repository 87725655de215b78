import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS_MESSAGES,
  ZBrandParams,
  OPERATION_SUCCESS,
  ZBrandQuery,
  ZCarComponentInput,
  ZColor,
  ZContractTypeInput,
  ZCurrency,
  ZCurrencyQuery,
  ZDocumentTypeInput,
  ZDriverGroupInput,
  ZHour,
  ZModel,
  ZRefItem,
  zPage,
} from '@flotte/contract';
import { actingProfile, hasPermission } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import * as catalog from './catalog.service.ts';

const tags = ['catalog'];
const manage = { permission: 'MANAGE_DRIVER_VEHICLE' as const };
const refList = { 200: zEnvelope(z.array(ZRefItem)) };
const refRow = { 200: zEnvelope(ZRefItem) };

/**
 * Shared lists change only with a release (a migration): phones on slow networks may keep them an
 * hour. Private, because the answers sit behind sign-in.
 */
const SHARED_CACHE = 'private, max-age=3600';

/**
 * Reference data (issue 4, section 1). Reading is open to every profile of the park: the pickers
 * of the money and planning screens need it. Adding a contract type, a document type or a driver
 * group needs MANAGE_DRIVER_VEHICLE and adds to the acting park only.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/vehicle-type', {
    schema: { tags, summary: 'Types de véhicule', response: refList },
  }, async (_req, reply) => {
    const data = await catalog.listVehicleTypes(db);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/brand', {
    schema: { tags, summary: 'Marques par nom, paginées, avec recherche', querystring: ZBrandQuery, response: { 200: zEnvelope(zPage(ZRefItem)) } },
  }, async (req, reply) => {
    const data = await catalog.listBrands(db, req.query);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/model/:brandId', {
    schema: { tags, summary: "Modèles d'une marque, par nom", params: ZBrandParams, response: { 200: zEnvelope(z.array(ZModel)) } },
  }, async (req, reply) => {
    const data = await catalog.listModels(db, req.params.brandId);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/color', {
    schema: { tags, summary: 'Couleurs (nom et code hexadécimal)', response: { 200: zEnvelope(z.array(ZColor)) } },
  }, async (_req, reply) => {
    const data = await catalog.listColors(db);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/hour', {
    schema: { tags, summary: 'Heures de la journée (0h à 23h)', response: { 200: zEnvelope(z.array(ZHour)) } },
  }, async (_req, reply) => {
    const data = await catalog.listHours(db);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/currency', {
    schema: { tags, summary: "Devises, éventuellement celles d'un pays", querystring: ZCurrencyQuery, response: { 200: zEnvelope(z.array(ZCurrency)) } },
  }, async (req, reply) => {
    const data = await catalog.listCurrencies(db, req.query.country_code);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/vehicle-contract', {
    schema: { tags, summary: 'Types de contrat : communs et ceux du parc, par nom', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'contractType', actingProfile(req).parkId)));

  app.post('/vehicle-contract', {
    config: manage,
    schema: { tags, summary: 'Ajoute un type de contrat au parc', body: ZContractTypeInput, response: refRow },
  }, async (req) => ok(await catalog.addScoped(db, 'contractType', actingProfile(req).parkId, req.body.name), SUCCESS_MESSAGES.CONTRACT_TYPE_ADDED));

  app.get('/document-type', {
    schema: { tags, summary: 'Types de document : communs et ceux du parc (1 = Assurance)', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'documentType', actingProfile(req).parkId)));

  app.post('/document-type/add', {
    config: manage,
    schema: { tags, summary: 'Ajoute un type de document au parc', body: ZDocumentTypeInput, response: refRow },
  }, async (req) => ok(await catalog.addScoped(db, 'documentType', actingProfile(req).parkId, req.body.name), SUCCESS_MESSAGES.DOCUMENT_TYPE_ADDED));

  app.get('/grade', {
    schema: { tags, summary: 'Grades de chauffeur, par nom', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'grade', actingProfile(req).parkId)));

  app.get('/driver-type', {
    schema: { tags, summary: 'Types de chauffeur, par nom', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'driverType', actingProfile(req).parkId)));

  app.get('/driver-group', {
    schema: { tags, summary: 'Groupes de chauffeurs : communs et ceux du parc, par nom', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'driverGroup', actingProfile(req).parkId)));

  app.post('/driver-group', {
    config: manage,
    schema: { tags, summary: 'Ajoute un groupe de chauffeurs au parc', body: ZDriverGroupInput, response: refRow },
  }, async (req) => ok(await catalog.addScoped(db, 'driverGroup', actingProfile(req).parkId, req.body.name), SUCCESS_MESSAGES.DRIVER_GROUP_ADDED));

  // Fuel types and car components: the fund movement dialog (spec 001) and maintenance (spec 002).
  app.get('/carburant', {
    schema: { tags, summary: 'Types de carburant', response: refList },
  }, async (_req, reply) => {
    const data = await catalog.listFuelTypes(db);
    reply.header('Cache-Control', SHARED_CACHE);
    return ok(data);
  });

  app.get('/car-component', {
    schema: { tags, summary: 'Éléments du véhicule (pièces) : communs et ceux du parc, par nom', response: refList },
  }, async (req) => ok(await catalog.listScoped(db, 'carComponent', actingProfile(req).parkId)));

  // Added from the 'Éléments concernés' checklist of an operation or of a maintenance: either right will do.
  app.post('/car-component', {
    schema: { tags, summary: 'Ajoute un élément au parc (CREATE_OPERATION ou MANAGE_MAINTENANCE)', body: ZCarComponentInput, response: refRow },
  }, async (req) => {
    const profile = actingProfile(req);
    if (!hasPermission(profile, 'CREATE_OPERATION') && !hasPermission(profile, 'MANAGE_MAINTENANCE')) throw new AppError('FORBIDDEN');
    return ok(await catalog.addScoped(db, 'carComponent', profile.parkId, req.body.name), OPERATION_SUCCESS.componentAdded);
  });
};
