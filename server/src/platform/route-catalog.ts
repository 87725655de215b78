import type { FastifyInstance } from 'fastify';
import type { Permission } from '@flotte/contract';
import type { AuthLevel } from './auth/auth-context.ts';

/** One API route as declared: what it asks of its caller. */
export interface CatalogRoute {
  method: string;
  url: string;
  auth: AuthLevel;
  permission: Permission[];
  stepUp: boolean;
  /** A route of the driver's own space (config `driver`), for drivers only. */
  driver: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access rules, filled as routes register. */
    routeCatalog: CatalogRoute[];
  }
}

/**
 * Records every API route with its auth level, permissions and step-up as it registers. The
 * authorization tests walk this list, so a route added without a row in their table fails them
 * instead of going unchecked. Must run before any route registers.
 */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const config = (route.config ?? {}) as { auth?: AuthLevel; permission?: Permission | Permission[]; stepUp?: boolean; driver?: boolean };
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        auth: config.auth ?? 'profile',
        permission: config.permission ? ([] as Permission[]).concat(config.permission) : [],
        stepUp: !!config.stepUp,
        driver: !!config.driver,
      });
    }
  });
}
