import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPageQuery, zPage } from '@flotte/contract';
import {
  EPISODE_STATES,
  TRIGGER_ACTIONS,
  TRIGGER_MESSAGES as M,
  ZGpsActionLogPage,
  ZPenaltyTrigger,
  ZPenaltyTriggerInput,
  ZTriggerEnabledInput,
  ZTriggerEpisode,
} from '@flotte/contract/penalty-triggers';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { listActions } from './gps-action-log.ts';
import type { GpsDeps } from './gps.deps.ts';
import { createTrigger, deleteTrigger, listTriggers, setTriggerEnabled, updateTrigger } from './penalty-triggers.service.ts';
import { releaseLock } from './trigger-actions.ts';
import { episodeView, listEpisodes } from './trigger-episodes.ts';

const tags = ['penalty-triggers'];
/** Reading the triggers, their episodes and the action log: the GPS screens' permission. */
const read = { permission: 'READ_GEOLOCALISATION' as const };
/** A trigger can immobilise a vehicle: writing one, like releasing a lock, is remote locking (GEOLOCK). */
const write = { permission: 'GEOLOCK' as const };
// Any text: an id that is not a UUID reads as not found, as another park's does.
const zId = z.object({ id: z.string() });
const zEpisodesQuery = ZPageQuery.extend({
  state: z.enum(EPISODE_STATES, { error: 'État inconnu' }).optional(),
  action: z.enum(TRIGGER_ACTIONS, { error: 'Action inconnue' }).optional(),
});
const zActionsQuery = ZPageQuery.extend({
  vehicle_id: z.string().regex(UUID_PATTERN, 'Véhicule introuvable').optional(),
  driver_id: z.string().regex(UUID_PATTERN, 'Chauffeur introuvable').optional(),
});

/** Penalty triggers (issue 22 section 3): the form's CRUD, the episodes, the action log and the manual release. */
export const penaltyTriggersRoutes: FastifyPluginAsyncZod<{ deps: GpsDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get('/penalty-triggers', {
    config: read,
    schema: {
      tags,
      summary: 'Les déclencheurs de pénalité du parc, du plus récent au plus ancien',
      description: 'Chacun avec ses groupes de véhicules (aucun\u00a0: tous les véhicules), le nombre de fois où il a agi et ses blocages en cours.',
      response: { 200: zEnvelope(z.array(ZPenaltyTrigger)) },
    },
  }, async (req) => ok(await listTriggers(db, actingProfile(req))));

  app.post('/penalty-triggers', {
    config: write,
    schema: {
      tags,
      summary: 'Crée un déclencheur de pénalité (durée ou montant impayé, puis blocage, buzzer ou notification)',
      description:
        'Les règles du formulaire de la spécification\u00a0: titre requis\u00a0; en durée, au moins une durée (jours 0-30, heures 0-23)\u00a0; en montant, le type (pourcentage ou montant fixe en unités mineures) et la valeur\u00a0; le blocage demande la durée du buzzer et le délai d’arrêt, le buzzer sa durée et son mode, la notification son message. Les champs sans objet pour l’action choisie ne sont pas gardés.',
      body: ZPenaltyTriggerInput,
      response: { 200: zEnvelope(ZPenaltyTrigger) },
    },
  }, async (req) => ok(await createTrigger(db, actingProfile(req), req.body), M.saved));

  app.put('/penalty-triggers/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Modifie un déclencheur de pénalité (le formulaire complet)',
      description: 'Les actions déjà faites restent\u00a0; la modification vaut pour les prochaines.',
      params: zId,
      body: ZPenaltyTriggerInput,
      response: { 200: zEnvelope(ZPenaltyTrigger) },
    },
  }, async (req) => ok(await updateTrigger(db, actingProfile(req), req.params.id, req.body), M.saved));

  app.patch('/penalty-triggers/:id/enabled', {
    config: write,
    schema: { tags, summary: 'Active ou désactive un déclencheur de pénalité', params: zId, body: ZTriggerEnabledInput, response: { 200: zEnvelope(ZPenaltyTrigger) } },
  }, async (req) => ok(await setTriggerEnabled(db, actingProfile(req), req.params.id, req.body.enabled), M.saved));

  app.delete('/penalty-triggers/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Supprime un déclencheur de pénalité',
      description:
        'Son historique reste (avec son titre). Un blocage qui attendait l’arrêt du véhicule est annulé\u00a0; un véhicule déjà bloqué le reste jusqu’à son déblocage, et le message le dit.',
      params: zId,
      response: { 200: zEnvelope(z.object({ id: z.string() })) },
    },
  }, async (req) => {
    const { data, message } = await deleteTrigger(db, actingProfile(req), req.params.id);
    return ok(data, message);
  });

  app.get('/penalty-triggers/episodes', {
    config: read,
    schema: {
      tags,
      summary: 'Les actions des déclencheurs par épisode d’impayés, de la plus récente à la plus ancienne',
      description: 'Un épisode est la suite d’impayés d’un chauffeur\u00a0; un déclencheur agit une fois par épisode. Filtres facultatifs par état et par action (lock : les véhicules bloqués).',
      querystring: zEpisodesQuery,
      response: { 200: zEnvelope(zPage(ZTriggerEpisode)) },
    },
  }, async (req) => ok(await listEpisodes(db, actingProfile(req), req.query)));

  app.get('/penalty-triggers/actions', {
    config: read,
    schema: {
      tags,
      summary: 'Le journal des actions GPS (notifications, buzzer, blocages, déblocages), de la plus récente à la plus ancienne',
      description: 'Avec la cause (déclencheur, annulation automatique ou action manuelle, et alors qui), le chauffeur, le véhicule, les montants et la réponse du fournisseur.',
      querystring: zActionsQuery,
      response: { 200: zEnvelope(ZGpsActionLogPage) },
    },
  }, async (req) => ok(await listActions(db, actingProfile(req), req.query)));

  app.post('/penalty-triggers/episodes/:id/release', {
    // Releasing an immobilised vehicle: GEOLOCK and the PIN; a retry whose answer was lost replays it.
    config: { ...write, stepUp: true, idempotent: true },
    schema: {
      tags,
      summary: 'Débloque à la main un véhicule bloqué par un déclencheur (code PIN requis)',
      description: 'La commande de déblocage part au boîtier du véhicule\u00a0; l’action est journalisée avec votre nom.',
      params: zId,
      response: { 200: zEnvelope(ZTriggerEpisode) },
    },
  }, async (req) => {
    const acting = actingProfile(req);
    await episodeView(db, acting, req.params.id); // another park's, or not an id: not found before anything is sent
    await releaseLock(deps, { parkId: acting.parkId, episodeId: req.params.id, cause: 'manual', by: acting.id });
    return ok(await episodeView(db, acting, req.params.id), M.released);
  });
};
