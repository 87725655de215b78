import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REMINDER_SUCCESS_MESSAGES, ZReminder, ZReminderInput, ZVehicleReminders } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { createReminder, deleteReminder, listVehicleReminders, updateReminder, type RemindersDeps } from './reminders.service.ts';

const tags = ['reminders'];
const manage = { permission: 'MANAGE_MAINTENANCE' as const };
const zIdParams = z.object({ id: z.string().regex(UUID_PATTERN, 'Identifiant invalide') });

/**
 * Service reminders (issue 18 section 2). Reading is open to the park's profiles, like the vehicle
 * they belong to (its details show them); every change needs MANAGE_MAINTENANCE.
 */
export const remindersRoutes: FastifyPluginAsyncZod<{ deps: RemindersDeps }> = async (app, { deps }) => {
  app.get('/vehicle/:id/reminders', {
    schema: {
      tags,
      summary: "Rappels d'entretien du véhicule, avec leur prochaine échéance (date, kilométrage) et leur urgence",
      params: zIdParams,
      response: { 200: zEnvelope(ZVehicleReminders) },
    },
  }, async (req) => ok(await listVehicleReminders(deps, actingProfile(req).parkId, req.params.id)));

  app.post('/vehicle/:id/reminders', {
    config: manage,
    schema: {
      tags,
      summary: "Ajoute un rappel d'entretien au véhicule\u00a0: tous les N km, tous les N mois, ou au premier des deux",
      params: zIdParams,
      body: ZReminderInput,
      response: { 200: zEnvelope(ZReminder) },
    },
  }, async (req) => ok(await createReminder(deps, actingProfile(req).parkId, req.params.id, req.body), REMINDER_SUCCESS_MESSAGES.added));

  app.put('/reminders/:id', {
    config: manage,
    schema: {
      tags,
      summary: "Modifie un rappel d'entretien (tous ses champs\u00a0; un champ facultatif absent est vidé)",
      params: zIdParams,
      body: ZReminderInput,
      response: { 200: zEnvelope(ZReminder) },
    },
  }, async (req) => ok(await updateReminder(deps, actingProfile(req).parkId, req.params.id, req.body), REMINDER_SUCCESS_MESSAGES.updated));

  app.delete('/reminders/:id', {
    config: manage,
    schema: { tags, summary: "Supprime un rappel d'entretien", params: zIdParams, response: { 200: zEnvelope(z.object({ id: z.string() })) } },
  }, async (req) => ok(await deleteReminder(deps, actingProfile(req).parkId, req.params.id), REMINDER_SUCCESS_MESSAGES.deleted));
};
