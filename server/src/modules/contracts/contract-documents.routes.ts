import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingProfile } from '../../platform/auth/guard.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { readContractDocument, type ContractDocumentsDeps } from './contract-documents.service.ts';

const zParams = z.object({
  id: z.string().regex(UUID_PATTERN, 'Identifiant invalide'),
  version: z.coerce.number({ error: 'Version invalide' }).int('Version invalide').min(1, 'Version invalide').max(2_147_483_647, 'Version invalide'),
});

/**
 * The contract's PDF, any version (the list is in GET /contract/{id}'s `documents`). Downloaded as
 * an attachment named after the contract and the version; another park's contract is not found.
 */
export const contractDocumentsRoutes: FastifyPluginAsyncZod<{ deps: ContractDocumentsDeps }> = async (app, { deps }) => {
  app.get('/contract/:id/document/:version', {
    config: { permission: 'VIEW_CONTRACTS' as const },
    schema: {
      tags: ['contracts'],
      summary: 'Le document PDF du contrat, dans la version demandée (les anciennes versions restent téléchargeables)',
      params: zParams,
    },
  }, async (req, reply) => {
    const doc = await readContractDocument(deps, actingProfile(req).parkId, req.params.id, req.params.version);
    reply.header('Content-Disposition', `attachment; filename="${doc.filename}"`);
    reply.header('Content-Length', doc.size);
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type('application/pdf').send(doc.content);
  });
};
