import type { YangoApi } from '../../integrations/yango/yango.types.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SecretBox } from '../../platform/secrets/secret-box.ts';
import type { AccessDeps } from '../access/access.deps.ts';

/** What the Yango module needs; app.ts builds it once and hands it to the routes and the jobs. */
export interface YangoDeps {
  db: Db;
  api: YangoApi;
  /** Seals the parks' API keys. */
  box: SecretBox;
  /** The notifier, the code-send limits and the code digest key (the link's one-time codes, as sign-in's). */
  access: AccessDeps;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}
