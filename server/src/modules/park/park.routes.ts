import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS_MESSAGES, cleanBody, ZParkByCode, ZParkDetail, ZParkReset, ZParkUpdate, ZResetOption } from '@flotte/contract';
import { actingProfile, assertSamePark, caller } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { deleteParkAccount } from './account-deletion.service.ts';
import { listResetOptions, resetPark } from './park-reset.service.ts';
import { parkByCode, parkDetail, parseParkUpdate, updatePark, type NewLogo, type ParkDeps } from './park.service.ts';

const BOOLEAN_FIELDS = new Set(['operations_need_confirmation', 'remove_logo']);

/**
 * The company form sends JSON, or form data when it carries a logo: text fields (booleans as
 * 'true'/'false') and one `logo` file. The logo is kept in memory until the fields are valid.
 */
async function readCompanyForm(req: FastifyRequest): Promise<{ fields: unknown; logo?: NewLogo }> {
  if (!req.isMultipart()) return { fields: req.body ?? {} };
  const fields: Record<string, unknown> = {};
  let logo: NewLogo | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname === 'logo' && content.length) logo = { filename: part.filename || 'logo', content };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = BOOLEAN_FIELDS.has(part.fieldname) && /^(true|false)$/.test(part.value) ? part.value === 'true' : part.value;
    }
  }
  // The guard can't see form fields: a park_id sent there must name the acting park too.
  for (const key of ['park_id', 'parkID', 'parkId']) {
    if (typeof fields[key] === 'string') assertSamePark(actingProfile(req), fields[key] as string);
  }
  return { fields: cleanBody(fields), logo };
}

const zParkId = z.object({ park_id: z.string().describe('The acting park') });
const updateSchema = {
  tags: ['park'],
  // Optional: form data isn't parsed before the handler, which validates it with the same schema.
  body: ZParkUpdate.nullish(),
  consumes: ['application/json', 'multipart/form-data'],
  response: { 200: zEnvelope(ZParkDetail) },
};

/** Company data, reset and deletion of the acting park (spec 002 section 7). */
export const parkRoutes: FastifyPluginAsyncZod<{ deps: ParkDeps }> = async (app, { deps }) => {
  app.get('/park/reset-options', {
    config: { permission: 'RESET_ACCOUNT' },
    schema: { tags: ['park'], summary: 'Éléments que la réinitialisation du compte peut effacer', response: { 200: zEnvelope(z.array(ZResetOption)) } },
  }, async () => ok(listResetOptions()));

  app.get('/park/by-code/:company', {
    config: { auth: 'user' },
    schema: {
      tags: ['park'],
      summary: 'Trouve une entreprise par son code (sans tenir compte des majuscules)',
      params: z.object({ company: z.string().max(100) }),
      response: { 200: zEnvelope(ZParkByCode) },
    },
  }, async (req) => ok(await parkByCode(deps, req.params.company)));

  app.get('/park/:park_id', {
    schema: { tags: ['park'], summary: "Données de l'entreprise (formulaire de l'entreprise)", params: zParkId, response: { 200: zEnvelope(ZParkDetail) } },
  }, async (req) => ok(await parkDetail(deps, actingProfile(req).parkId)));

  const update = async (req: FastifyRequest) => {
    const { fields, logo } = await readCompanyForm(req);
    const changes = parseParkUpdate(fields);
    const parkId = actingProfile(req).parkId;
    return ok(await updatePark(deps, { parkId, userId: caller(req).userId, changes, logo }), SUCCESS_MESSAGES.COMPANY_SAVED);
  };
  app.put('/park/:park_id', {
    config: { permission: 'UPDATE_PARK_INFO' },
    schema: { ...updateSchema, summary: "Modifie les données de l'entreprise (JSON, ou form data avec le fichier logo)", params: zParkId },
  }, update);
  app.put('/account', {
    config: { permission: 'UPDATE_PARK_INFO' },
    schema: { ...updateSchema, summary: "Modifie les données de l'entreprise du parc courant (JSON, ou form data avec le fichier logo)" },
  }, update);

  app.put('/park/reset/:parkID', {
    config: { permission: 'RESET_ACCOUNT', stepUp: true },
    schema: {
      tags: ['park'],
      summary: 'Réinitialise les éléments choisis du compte (code PIN vérifié requis)',
      params: z.object({ parkID: z.string().describe('The acting park') }),
      body: ZParkReset,
      response: { 200: zEnvelope(z.object({ reset: z.array(z.string()) })) },
    },
  }, async (req) => {
    const reset = await resetPark(deps, { parkId: actingProfile(req).parkId, options: [...new Set(req.body.options)], log: req.log });
    return ok({ reset }, SUCCESS_MESSAGES.ACCOUNT_RESET);
  });

  app.delete('/account', {
    config: { permission: 'DELETE_ACCOUNT', stepUp: true },
    schema: {
      tags: ['account'],
      summary: 'Supprime définitivement le parc et ses données (code PIN vérifié requis)',
      response: { 200: zEnvelope(z.object({ deleted: z.literal(true) })) },
    },
  }, async (req) => {
    await deleteParkAccount(deps, { parkId: actingProfile(req).parkId, log: req.log });
    return ok({ deleted: true as const }, SUCCESS_MESSAGES.ACCOUNT_DELETED);
  });
};
