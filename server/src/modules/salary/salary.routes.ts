import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SALARY_SUCCESS, ZSalaryCalculation, ZSalaryPaymentInput, ZSalaryPaymentResult, ZSalaryQuery } from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { calculateSalary, paySalary, type SalaryDeps } from './salary.service.ts';

const tags = ['salary'];

/**
 * Driver salaries (issue 6, section 3). Both calls need MANAGE_DRIVER_VEHICLE (the salary tab's
 * permission); paying is moreover for the fleet owner only, checked in the service so that a
 * manager who sees the tab reads the spec's sentence ('Seul le propriétaire de la flotte ...').
 */
export const salaryRoutes: FastifyPluginAsyncZod<{ deps: SalaryDeps }> = async (app, { deps }) => {
  app.get('/park/calculate-salary', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE' },
    schema: {
      tags,
      summary:
        "Salaire d'un chauffeur sur une période : les recettes soldées pas encore payées (salary_amount), ligne par ligne, les recettes non soldées et les jours de salaire pour information, les contraventions déductibles et les salaires déjà payés sur la période",
      querystring: ZSalaryQuery,
      response: { 200: zEnvelope(ZSalaryCalculation) },
    },
  }, async (req) => ok(await calculateSalary(deps, actingProfile(req), req.query)));

  app.post('/park/paid-salary', {
    config: { permission: 'MANAGE_DRIVER_VEHICLE', idempotent: true },
    schema: {
      tags,
      summary:
        'Paie le salaire (le propriétaire seulement) : net = brut - pénalités choisies (jamais négatif, refusé à 0), en espèces depuis une caisse ou sur le solde du chauffeur ; les recettes comptées sont marquées payées, chaque pénalité déduite une fois',
      body: ZSalaryPaymentInput,
      response: { 200: zEnvelope(ZSalaryPaymentResult) },
    },
  }, async (req) => ok(await paySalary(deps, actingProfile(req), req.body), SALARY_SUCCESS.paid));
};
