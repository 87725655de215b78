import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAccessRoot,
  ZPermissionCatalog,
  ZProfilePermissions,
  ZRole,
  ZRoleDetail,
  ZRoleInput,
  ZRolePermissions,
} from '@flotte/contract';
import { actingProfile } from '../../platform/auth/guard.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import type { AccessDeps } from './access.deps.ts';
import * as roles from './roles.service.ts';
import { SUCCESS_MESSAGES } from '@flotte/contract';

const zUuid = z.string().regex(UUID_PATTERN, 'Identifiant invalide');
const manage = { permission: 'MANAGE_ACCESS' as const };
const tags = ['access'];

/** Roles of the park, the permission catalogue, and what a profile holds (issue 3, section A). */
export const rolesRoutes: FastifyPluginAsyncZod<{ deps: AccessDeps }> = async (app, { deps }) => {
  app.get('/permissions/list', {
    schema: { tags, summary: 'Catalogue des permissions, par groupe', response: { 200: zEnvelope(ZPermissionCatalog) } },
  }, async () => ok(roles.permissionCatalog()));

  app.get('/role-name', {
    config: manage,
    schema: { tags, summary: 'Rôles du parc, par nom', response: { 200: zEnvelope(z.array(ZRole)) } },
  }, async (req) => ok(await roles.listRoles(deps, actingProfile(req).parkId)));

  app.post('/role-name/add', {
    config: manage,
    schema: { tags, summary: 'Ajoute un rôle', body: ZRoleInput, response: { 200: zEnvelope(ZRole) } },
  }, async (req) => ok(await roles.createRole(deps, actingProfile(req).parkId, req.body), SUCCESS_MESSAGES.ROLE_ADDED));

  app.put('/role-name/update/:id', {
    config: manage,
    schema: { tags, summary: 'Modifie un rôle (nom, description, permissions)', params: z.object({ id: zUuid }), body: ZRoleInput, response: { 200: zEnvelope(ZRole) } },
  }, async (req) => ok(await roles.updateRole(deps, actingProfile(req).parkId, req.params.id, req.body), SUCCESS_MESSAGES.ROLE_UPDATED));

  app.delete('/role-name/delete/:id', {
    config: manage,
    schema: { tags, summary: "Supprime un rôle que personne n'a plus", params: z.object({ id: zUuid }), response: { 200: zEnvelope(z.object({ id: z.string() })) } },
  }, async (req) => ok(await roles.deleteRole(deps, actingProfile(req).parkId, req.params.id), SUCCESS_MESSAGES.ROLE_DELETED));

  app.get('/permissions/role/:role_id', {
    config: manage,
    schema: { tags, summary: "Permissions d'un rôle, et celles qu'elles entraînent", params: z.object({ role_id: zUuid }), response: { 200: zEnvelope(ZRolePermissions) } },
  }, async (req) => ok(await roles.rolePermissions(deps, actingProfile(req).parkId, req.params.role_id)));

  app.get('/access/role_name/:role_id', {
    config: manage,
    schema: { tags, summary: 'Un rôle et les administrateurs qui le détiennent', params: z.object({ role_id: zUuid }), response: { 200: zEnvelope(ZRoleDetail) } },
  }, async (req) => ok(await roles.roleDetail(deps, actingProfile(req).parkId, req.params.role_id)));

  app.get('/permissions/profile/permissions/:profile_id', {
    schema: {
      tags,
      summary: "Permissions d'un profil du parc (le sien sans MANAGE_ACCESS)",
      params: z.object({ profile_id: zUuid }),
      response: { 200: zEnvelope(ZProfilePermissions) },
    },
  }, async (req) => ok(await roles.profilePermissions(deps, actingProfile(req), req.params.profile_id)));

  app.get('/access-root', {
    schema: { tags, summary: 'Le profil actif est-il le propriétaire du parc ?', response: { 200: zEnvelope(ZAccessRoot) } },
  }, async (req) => ok(roles.accessRoot(actingProfile(req))));
};
