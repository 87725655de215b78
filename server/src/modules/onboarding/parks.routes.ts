import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNewPark, ZParkChecklist, ZProfileSummary } from '@flotte/contract';
import { actingProfile, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccessDeps } from '../access/access.deps.ts';
import { userProfiles } from '../access/user.service.ts';
import { parkChecklist } from './checklist.service.ts';
import { addOwnedPark } from '../access/owner-account.ts';

/** An owner's other parks, and the first steps of a new one (issue 16). */
export const ownerParksRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps; rateLimit: number }> = async (app, { deps, rateLimit }) => {
  const tags = ['park'];

  app.post('/park', {
    // Acting as the owner of a park: an administrator can't open parks in his employer's name.
    config: { rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary:
        "Crée un autre parc pour le propriétaire (le profil actif doit être celui d'un propriétaire) : nom, ville, pays ; le pays donne la devise, l'indicatif et le fuseau horaire. " +
        'Le parc commence vide, avec ses rôles, son plan de comptes et sa caisse par défaut. Répond le profil de propriétaire dans le nouveau parc (à envoyer dans profile_id pour y travailler).',
      body: ZNewPark,
      response: { 200: zEnvelope(ZProfileSummary) },
    },
  }, async (req) => {
    if (!actingProfile(req).isOwner) throw new AppError('FORBIDDEN', { message: 'Seul un propriétaire de parc peut créer un nouveau parc.' });
    const { userId } = caller(req);
    const { profile } = await addOwnedPark(deps.db, userId, {
      name: req.body.name,
      city: req.body.city,
      countryCode: req.body.country_code,
    });
    const created = (await userProfiles(deps, userId)).find((p) => p.id === profile.id)!;
    return ok(created, `Parc créé : ${created.park.name}`);
  });

  app.get('/park/checklist', {
    schema: {
      tags,
      summary: "Premiers pas du parc actif : un véhicule, un chauffeur, le planning, les recettes, un agent ; chacun fait ou non",
      response: { 200: zEnvelope(ZParkChecklist) },
    },
  }, async (req) => ok(await parkChecklist(deps.db, actingProfile(req).parkId)));
};
