import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PNL_SUCCESS, ZPnlAccount, ZPnlAccountInput, ZPnlAccountUpdate, ZPnlListQuery, ZPnlSubListQuery } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import * as pnl from './pnl.service.ts';

const tags = ['pnl'];
// Adding a revenue or expense type is offered from the fund movement dialog (spec 001 section 2).
const manage = { permission: 'CREATE_OPERATION' as const };
const zId = z.object({ id: z.string().regex(UUID_PATTERN, 'Catégorie introuvable') });

/**
 * The profit-and-loss chart (issue 5, section 2). Every profile of the park reads it (the fund
 * movement dialog lists its sub-accounts); changing it needs CREATE_OPERATION. The spec's two
 * families of paths (pnl-account, pnl-sub-account) reach the same accounts.
 */
export const pnlRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/pnl-account', {
    schema: { tags, summary: 'Catégories du compte de résultat, avec leurs sous-comptes', querystring: ZPnlListQuery, response: { 200: zEnvelope(z.array(ZPnlAccount)) } },
  }, async (req) => ok(await pnl.listCategories(db, actingProfile(req).parkId, req.query.type)));

  app.get('/pnl-sub-account', {
    schema: { tags, summary: "Sous-comptes (de toutes les catégories, ou d'une seule avec category_id)", querystring: ZPnlSubListQuery, response: { 200: zEnvelope(z.array(ZPnlAccount)) } },
  }, async (req) => ok(await pnl.listSubAccounts(db, actingProfile(req).parkId, { categoryId: req.query.category_id, type: req.query.type })));

  const create = { config: manage, schema: { tags, body: ZPnlAccountInput, response: { 200: zEnvelope(ZPnlAccount) } } };
  app.post('/pnl-account', { ...create, schema: { ...create.schema, summary: 'Ajoute une catégorie (type) ou, avec account_id, une sous-catégorie' } }, async (req) =>
    ok(await pnl.createAccount(db, actingProfile(req).parkId, req.body), PNL_SUCCESS.added),
  );
  app.post('/pnl-sub-account', { ...create, schema: { ...create.schema, summary: 'Ajoute une sous-catégorie sous account_id' } }, async (req) => {
    if (!req.body.account_id) throw fieldError('account_id', 'La catégorie parente est requise');
    return ok(await pnl.createAccount(db, actingProfile(req).parkId, req.body), PNL_SUCCESS.added);
  });

  for (const family of ['pnl-account', 'pnl-sub-account']) {
    app.put(`/${family}/update/:id`, {
      config: manage,
      schema: { tags, summary: 'Renomme une catégorie', params: zId, body: ZPnlAccountUpdate, response: { 200: zEnvelope(ZPnlAccount) } },
    }, async (req) => ok(await pnl.renameAccount(db, actingProfile(req).parkId, req.params.id, req.body.name), PNL_SUCCESS.updated));

    app.delete(`/${family}/delete/:id`, {
      config: manage,
      schema: { tags, summary: "Supprime une catégorie et ses sous-catégories (pas si l'une a des opérations ou un code)", params: zId, response: { 200: zEnvelope(z.object({ id: z.string() })) } },
    }, async (req) => ok(await pnl.deleteAccount(db, actingProfile(req).parkId, req.params.id), PNL_SUCCESS.deleted));
  }
};
