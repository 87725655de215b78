import { createHmac } from 'node:crypto';
import type { Db } from '../../platform/db/database.ts';
import type { PaymentGateway } from '../../platform/payments/payments.ts';

/** What the pay-ins services need; app.ts builds it once and hands it to the recipes routes too. */
export interface PayinsDeps {
  db: Db;
  payments: PaymentGateway;
  /** Where providers reach our webhooks (PUBLIC_URL). */
  publicUrl: string;
  /** Signs the per-pay-in token of the callback URLs we hand out (MTN, CinetPay). */
  callbackSecret: Uint8Array;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

/** The callback token key: derived from the server's secret, so no new variable is needed. */
export function payinsDeps(v: { db: Db; payments: PaymentGateway; publicUrl: string; jwtSecret: Uint8Array; log?: PayinsDeps['log'] }): PayinsDeps {
  return { db: v.db, payments: v.payments, publicUrl: v.publicUrl, callbackSecret: createHmac('sha256', v.jwtSecret).update('flotte-payin-callbacks').digest(), log: v.log };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pay-ins module's dependencies (main.ts hands them to the reconciliation job). */
    payins: PayinsDeps;
  }
}
