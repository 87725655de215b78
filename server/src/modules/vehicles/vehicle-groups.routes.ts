import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, ZUngroupedVehicles, ZVehicleGroup, ZVehicleGroupInput, ZVehicleGroupVehicles } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import * as groups from './vehicle-groups.service.ts';

const tags = ['vehicle-groups'];
const manage = { permission: 'MANAGE_VEHICLE_GROUPS' as const };
const zUuid = z.string().regex(UUID_PATTERN, 'Identifiant invalide');

/** Vehicle groups (issue 4, section 4): reading is open to the park, changes need MANAGE_VEHICLE_GROUPS. */
export const vehicleGroupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/vehicle-group', {
    schema: {
      tags,
      summary: 'Groupes de véhicules du parc, avec leurs véhicules et administrateurs',
      response: { 200: zEnvelope(z.array(ZVehicleGroup)) },
    },
  }, async (req) => ok(await groups.listVehicleGroups(db, actingProfile(req).parkId)));

  app.post('/vehicle-group/add', {
    config: manage,
    schema: {
      tags,
      summary: 'Crée un groupe (titre ou name, description, véhicules, administrateurs)',
      body: ZVehicleGroupInput,
      response: { 200: zEnvelope(ZVehicleGroup) },
    },
  }, async (req) => ok(await groups.createVehicleGroup(db, actingProfile(req).parkId, req.body), SUCCESS_MESSAGES.VEHICLE_GROUP_ADDED));

  app.put('/vehicle-group/update/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie un groupe ; vehicles_ids et admin_ids, quand envoyés, remplacent les listes',
      params: z.object({ id: zUuid }),
      body: ZVehicleGroupInput,
      response: { 200: zEnvelope(ZVehicleGroup) },
    },
  }, async (req) => ok(await groups.updateVehicleGroup(db, actingProfile(req).parkId, req.params.id, req.body), SUCCESS_MESSAGES.VEHICLE_GROUP_UPDATED));

  app.delete('/vehicle-group/delete/:groupId', {
    config: manage,
    schema: {
      tags,
      summary: 'Supprime un groupe ; ses véhicules ne sont plus dans aucun groupe',
      params: z.object({ groupId: zUuid }),
      response: { 200: zEnvelope(z.object({ id: z.string() })) },
    },
  }, async (req) => ok(await groups.deleteVehicleGroup(db, actingProfile(req).parkId, req.params.groupId), SUCCESS_MESSAGES.VEHICLE_GROUP_DELETED));

  app.put('/vehicle-group/remove-vehicles', {
    config: manage,
    schema: {
      tags,
      summary: 'Retire des véhicules de leur groupe',
      body: ZVehicleGroupVehicles,
      response: { 200: zEnvelope(ZUngroupedVehicles) },
    },
  }, async (req) => ok(await groups.removeVehiclesFromGroups(db, actingProfile(req).parkId, req.body.vehicles_ids), SUCCESS_MESSAGES.VEHICLE_GROUP_UPDATED));

  app.put('/vehicle-group/add-vehicles/:id', {
    config: manage,
    schema: {
      tags,
      summary: 'Ajoute des véhicules au groupe (409 si un véhicule est déjà dans un autre groupe)',
      params: z.object({ id: zUuid }),
      body: ZVehicleGroupVehicles,
      response: { 200: zEnvelope(ZVehicleGroup) },
    },
  }, async (req) => ok(await groups.addVehiclesToGroup(db, actingProfile(req).parkId, req.params.id, req.body.vehicles_ids), SUCCESS_MESSAGES.VEHICLE_GROUP_UPDATED));
};
