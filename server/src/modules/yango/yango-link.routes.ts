import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  YANGO_MESSAGES as M,
  ZYangoCodeSent,
  ZYangoConnectInput,
  ZYangoConnection,
  ZYangoConnectionInput,
  ZYangoImportInput,
  ZYangoLinked,
  ZYangoLinkInput,
  ZYangoLinkUpdate,
  ZYangoPhoneInput,
  ZYangoProfileLink,
  ZYangoSearchResult,
} from '@flotte/contract/yango';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { readConnection, removeConnection, saveConnection } from './yango-connection.ts';
import { connectYangoProfile, importYangoDriver, requestLinkCode, unlinkYangoDriver, updateYangoLink, type LinkActor } from './yango-link.ts';
import { searchYangoAccounts } from './yango-search.ts';
import type { YangoDeps } from './yango.deps.ts';

const tags = ['yango'];
/** The connection card reads with the drivers' screens; the credentials are the company's data. */
const view = { permission: 'VIEW_DRIVERS' as const };
const parkInfo = { permission: 'UPDATE_PARK_INFO' as const };
/** Spec 000 section 4: searching, importing and connecting Yango drivers. */
const manage = { permission: 'MANAGE_DRIVER_VEHICLE' as const };
/** Import and connect: a retry whose first answer was lost (Idempotency-Key) replays it, rather than 'code spent' or 'already linked'. */
const manageOnce = { ...manage, idempotent: true };
// Any text: an id that is not a UUID reads as not found, as another park's does.
const zDriverParams = z.object({ driver_id: z.string() });

/** The Yango link (issue 21 sections 1 and 2): the park's connection, the search, import and connect. */
export const yangoLinkRoutes: FastifyPluginAsyncZod<{ deps: YangoDeps }> = async (app, { deps }) => {
  const who = (req: FastifyRequest): LinkActor => {
    const acting = actingProfile(req);
    return { parkId: acting.parkId, profileId: acting.id, timeZone: acting.park.timeZone };
  };

  app.get('/yango/connection', {
    config: view,
    schema: { tags, summary: 'La connexion Yango du parc (sans la clé API, seulement ses 4 derniers caractères)', response: { 200: zEnvelope(ZYangoConnection) } },
  }, async (req) => {
    const w = who(req);
    return ok(await readConnection(deps, w.parkId, w.timeZone));
  });

  app.put('/yango/connection', {
    config: parkInfo,
    schema: {
      tags,
      summary: 'Enregistre les identifiants Yango du parc, testés avant d’être gardés',
      description:
        'La clé API est requise au premier enregistrement et gardée quand une modification l’omet. Les identifiants sont testés (une liste de chauffeurs, limite 1)\u00a0: refusés ou injoignables, rien n’est enregistré. La clé est chiffrée et jamais renvoyée.',
      body: ZYangoConnectionInput,
      response: { 200: zEnvelope(ZYangoConnection) },
    },
  }, async (req) => {
    const w = who(req);
    return ok(await saveConnection(deps, { ...w, input: req.body }), M.connectionSaved);
  });

  app.delete('/yango/connection', {
    config: parkInfo,
    schema: { tags, summary: 'Supprime la connexion Yango du parc (les chauffeurs liés le restent, la synchronisation s’arrête)', response: { 200: zEnvelope(ZYangoConnection) } },
  }, async (req) => {
    const w = who(req);
    return ok(await removeConnection(deps, w.parkId, w.timeZone), M.connectionRemoved);
  });

  app.post('/yango/verify-yango-account', {
    config: manage,
    schema: {
      tags,
      summary: 'Recherche les comptes Yango du parc par numéro de téléphone',
      description:
        'Le numéro est nettoyé (+, indicatif du pays du parc, espaces, tirets, parenthèses, points) et doit garder au moins 8 caractères. Sans résultat, la liste est vide avec le message « Aucun compte Yango trouvé ».',
      body: ZYangoPhoneInput,
      response: { 200: zEnvelope(ZYangoSearchResult) },
    },
  }, async (req) => {
    const items = await searchYangoAccounts(deps, who(req).parkId, req.body.phone);
    return ok({ items }, items.length ? 'Opération réussie' : M.notFound);
  });

  app.post('/yango/link-yango-account', {
    config: manage,
    schema: {
      tags,
      summary: 'Envoie un code OTP au numéro que Yango connaît pour ce compte',
      description: 'Le code part au téléphone du compte Yango, jamais à un numéro saisi\u00a0: c’est le consentement du chauffeur. Redemander envoie un nouveau code (mêmes limites que les codes de connexion).',
      body: ZYangoLinkInput,
      response: { 200: zEnvelope(ZYangoCodeSent) },
    },
  }, async (req) => ok(await requestLinkCode(deps, who(req), req.body.yango_id), M.codeSent));

  app.post('/yango/verify-otp-yango-account', {
    config: manageOnce,
    schema: {
      tags,
      summary: 'Vérifie le code OTP et importe le chauffeur depuis son compte Yango',
      description: '5 essais par code, valable 10 minutes, utilisable une fois. Le chauffeur est créé avec le nom et le téléphone de son compte Yango.',
      body: ZYangoImportInput,
      response: { 200: zEnvelope(ZYangoLinked) },
    },
  }, async (req) => ok(await importYangoDriver(deps, who(req), req.body), M.imported));

  app.post('/yango/connect-yango-profile', {
    config: manageOnce,
    schema: { tags, summary: 'Connecte un chauffeur du parc à son compte Yango (sans code)', body: ZYangoConnectInput, response: { 200: zEnvelope(ZYangoLinked) } },
  }, async (req) => ok(await connectYangoProfile(deps, who(req), req.body), M.connected));

  app.put('/yango/driver/:driver_id', {
    config: manage,
    schema: {
      tags,
      summary: 'Modifie l’heure de collecte et la recette Yango d’un chauffeur lié',
      description: 'Activer la recette Yango la fait commencer aujourd’hui, jamais dans le passé.',
      params: zDriverParams,
      body: ZYangoLinkUpdate,
      response: { 200: zEnvelope(ZYangoProfileLink) },
    },
  }, async (req) => ok(await updateYangoLink(deps, who(req), req.params.driver_id, req.body)));

  app.delete('/yango/driver/:driver_id', {
    config: manage,
    schema: { tags, summary: 'Déconnecte le compte Yango d’un chauffeur (le chauffeur reste)', params: zDriverParams, response: { 200: zEnvelope(z.object({ driver_id: z.string() })) } },
  }, async (req) => ok(await unlinkYangoDriver(deps, who(req).parkId, req.params.driver_id), M.disconnected));
};
