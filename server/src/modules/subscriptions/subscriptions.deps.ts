import type { Db } from '../../platform/db/database.ts';
import type { Notifier } from '../../platform/notifier/notifier.types.ts';
import type { PlatformOperatorConfig } from '../../platform/platform-operator.config.ts';
import type { FilesDeps } from '../files/files.service.ts';
import type { PayinsDeps } from '../payins/payins.deps.ts';

/**
 * What the subscriptions module needs, handed in by app.ts: the pay-ins it asks payments through,
 * the files (the park's logo on invoices), the notifier (near-end reminders), the platform's
 * identity (the seller on invoices), and the clock (`now`; tests pass a fake one).
 */
export interface SubscriptionsDeps {
  db: Db;
  files: FilesDeps;
  payins: PayinsDeps;
  notifier: Notifier;
  platform: PlatformOperatorConfig;
  publicUrl: string;
  now: () => Date;
  log?: { warn(obj: object, msg?: string): void; info?(obj: object, msg?: string): void; error?(obj: object, msg?: string): void };
}
