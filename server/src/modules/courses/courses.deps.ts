import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { MapServices } from '../../platform/maps/maps.types.ts';

/**
 * What the courses module's services need, handed in by app.ts (tests build it on any database,
 * with a fake router when they want to choose the road). `maps.route` never throws: a failed
 * routing answers the great-circle distance, so booking a course never waits on the map service.
 */
export interface CoursesDeps {
  db: Db;
  maps: Pick<MapServices, 'route'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}
