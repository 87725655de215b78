import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECIPE_COLLECTION_MESSAGES as M,
  ZChangeRecipeDriverInput,
  ZDebtInput,
  ZDeletedRecipesPage,
  ZDeletedRecipesQuery,
  ZDeleteRecipeInput,
  ZExceptionalPaymentInput,
  ZExpectedToday,
  ZExpectedTodayQuery,
  ZManageRecipeInput,
  ZPayExpectedInput,
  ZPayRecipesInput,
  ZRecipe,
  ZRecipeAnswer,
  ZRecipeHistoryPage,
  ZRecipeHistoryQuery,
  ZRecipesAnswer,
  ZRecipeValidationAnswer,
  ZUnpaidHistory,
  ZUnpaidHistoryQuery,
} from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { changeRecipeDriver, createDebt, deleteRecipe, manageRecipe } from './recipe-admin.service.ts';
import { exceptionalPayment, payExpectedRecipe, payRecipes, type RecipePaymentDeps } from './recipe-payments.service.ts';
import { deletedRecipes, expectedToday, recipeHistory } from './recipes.queries.ts';
import { unpaidHistory } from './unpaid-history.ts';

const tags = ['recipes'];
const zIdParams = z.object({ id: z.string() });

/** Cash and sold answer the recipes as they are now; mobile money the validation card. */
const paid = <T extends object>(answer: T) => ok(answer, 'validation' in answer ? M.mobileMoneyStarted : M.collected);

/**
 * Recipes (issue 6 section 2). Reads need the cash-collection screen (VIEW_CASH_COLLECTION, which
 * ENCAISSER, MANAGE_AND_UPDATE_RECIPE and DELETE_OR_CANCEL_RECIPE imply); every payment needs
 * ENCAISSER and is idempotent (Idempotency-Key), as are the other changes.
 */
export const recipesRoutes: FastifyPluginAsyncZod<{ deps: RecipePaymentDeps }> = async (app, { deps }) => {
  app.get('/transaction/recipes/expected-today', {
    config: { permission: 'VIEW_CASH_COLLECTION' },
    schema: { tags, summary: "Les recettes attendues aujourd'hui et pas encore payées", querystring: ZExpectedTodayQuery, response: { 200: zEnvelope(ZExpectedToday) } },
  }, async (req) => ok(await expectedToday(deps, actingProfile(req), req.query)));

  app.get('/transaction/unpaid/recipes/history', {
    config: { permission: 'VIEW_CASH_COLLECTION' },
    schema: {
      tags,
      summary: 'Les recettes non encaissées, groupées par jour (les plus récentes d’abord), par pages de 20 recettes',
      querystring: ZUnpaidHistoryQuery,
      response: { 200: zEnvelope(ZUnpaidHistory) },
    },
  }, async (req) => ok(await unpaidHistory(deps, actingProfile(req), req.query)));

  app.get('/park/history-recipe', {
    config: { permission: 'VIEW_CASH_COLLECTION' },
    schema: { tags, summary: 'Toutes les recettes (page des encaissements), avec leurs paiements', querystring: ZRecipeHistoryQuery, response: { 200: zEnvelope(ZRecipeHistoryPage) } },
  }, async (req) => ok(await recipeHistory(deps, actingProfile(req), req.query)));

  app.get('/park/deleted-recipes', {
    config: { permission: 'VIEW_CASH_COLLECTION' },
    schema: { tags, summary: 'Les recettes supprimées, avec le motif et qui les a supprimées', querystring: ZDeletedRecipesQuery, response: { 200: zEnvelope(ZDeletedRecipesPage) } },
  }, async (req) => ok(await deletedRecipes(deps, actingProfile(req), req.query)));

  app.post('/transaction/paid-recipe-expected-today', {
    config: { permission: 'ENCAISSER', idempotent: true },
    schema: {
      tags,
      summary: "Encaisse une recette (tout ce qui reste, ou amount) en espèces ou par mobile money",
      body: ZPayExpectedInput,
      response: { 200: zEnvelope(z.union([ZRecipeAnswer, ZRecipeValidationAnswer])) },
    },
  }, async (req) => paid(await payExpectedRecipe(deps, actingProfile(req), req.body)));

  // The driver dialog's 'Encaisser manuellement' and the 'Règlement complet/partiel' dialog.
  for (const url of ['/transaction/accept-cash-payment', '/transaction/resolve-debt']) {
    app.post(url, {
      config: { permission: 'ENCAISSER', idempotent: true },
      schema: {
        tags,
        summary: 'Encaisse des recettes entières (recettes_id) ou en partie (recettes_partials) : espèces, solde du chauffeur ou mobile money',
        body: ZPayRecipesInput,
        response: { 200: zEnvelope(z.union([ZRecipesAnswer, ZRecipeValidationAnswer])) },
      },
    }, async (req) => paid(await payRecipes(deps, actingProfile(req), req.body)));
  }

  app.post('/transaction/exceptional-payment', {
    config: { permission: 'ENCAISSER', idempotent: true },
    schema: {
      tags,
      summary: 'Un paiement exceptionnel : une recette non planifiée, encaissée aussitôt',
      body: ZExceptionalPaymentInput,
      response: { 200: zEnvelope(z.union([ZRecipeAnswer, ZRecipeValidationAnswer])) },
    },
  }, async (req) => paid(await exceptionalPayment(deps, actingProfile(req), req.body)));

  app.post('/park/create-driver-account-history', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE', idempotent: true },
    schema: { tags, summary: 'Endette un chauffeur : une recette de type dette', body: ZDebtInput, response: { 200: zEnvelope(ZRecipe) } },
  }, async (req) => ok(await createDebt(deps, actingProfile(req), req.body as Parameters<typeof createDebt>[2]), M.driverIndebted));

  app.put('/park/manage-recipe', {
    config: { permission: 'MANAGE_AND_UPDATE_RECIPE', idempotent: true },
    schema: { tags, summary: "Change l'objectif d'une recette (jamais sous ce qui a été encaissé)", body: ZManageRecipeInput, response: { 200: zEnvelope(ZRecipe) } },
  }, async (req) => ok(await manageRecipe(deps, actingProfile(req), req.body), M.objectiveUpdated));

  app.post('/driver/change-driver-on-recipe', {
    config: { permission: 'MANAGE_AND_UPDATE_RECIPE', idempotent: true },
    schema: { tags, summary: "Change le chauffeur d'une recette", body: ZChangeRecipeDriverInput, response: { 200: zEnvelope(ZRecipe) } },
  }, async (req) => ok(await changeRecipeDriver(deps, actingProfile(req), req.body), M.driverChanged));

  app.delete('/park/delete-recipe/:id', {
    config: { permission: 'DELETE_OR_CANCEL_RECIPE', idempotent: true },
    schema: { tags, summary: 'Supprime une recette (motif de plus de 1 caractère)', params: zIdParams, body: ZDeleteRecipeInput, response: { 200: zEnvelope(ZRecipe) } },
  }, async (req) => {
    if (!UUID_PATTERN.test(req.params.id)) throw new AppError('RECIPE_NOT_FOUND');
    return ok(await deleteRecipe(deps, actingProfile(req), req.params.id.toLowerCase(), req.body.comment), M.deleted);
  });
};
