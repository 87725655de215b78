import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCodes } from '@flotte/contract';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import type { Notifier } from './platform/notifier/notifier.types.ts';
import { clientErrorHandler, frameworkErrors, ok, registerEnvelope, registerNotFound } from './platform/envelope.ts';
import { registerBodyCleaning } from './platform/body-cleaning.ts';
import { registerJsonBody } from './platform/json-body.ts';
import { registerMultipart } from './platform/multipart.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerAuthGuard } from './platform/auth/guard.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { LOG_REDACT, requestId } from './platform/request-id.ts';
import { registerWebApp } from './platform/web-app.ts';
import { registerApiCompression } from './platform/compression.ts';
import { registerRouteCatalog } from './platform/route-catalog.ts';
import { registerIdempotency } from './platform/idempotency/idempotency.ts';
import { registerHealth } from './platform/health.ts';
import { rateLimitStore } from './platform/rate-limit-store.ts';
import { openStorage } from './platform/storage/storage.config.ts';
import type { FileStorage } from './platform/storage/storage.types.ts';
import { loadCaller } from './modules/access/access.queries.ts';
import type { AccessDeps } from './modules/access/access.deps.ts';
import { authRoutes } from './modules/access/auth.routes.ts';
import { driverAuthRoutes } from './modules/driver-space/driver-auth.routes.ts';
import { driverSpaceRoutes } from './modules/driver-space/driver-space.routes.ts';
import { signupRoutes } from './modules/onboarding/signup.routes.ts';
import { ownerParksRoutes } from './modules/onboarding/parks.routes.ts';
import { pinRoutes } from './modules/access/pin.routes.ts';
import { userRoutes } from './modules/access/user.routes.ts';
import { rolesRoutes } from './modules/access/roles.routes.ts';
import { adminsRoutes } from './modules/access/admins.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import type { FilesDeps } from './modules/files/files.service.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { recipeJobDevRoutes } from './modules/recipes/recipe-job.dev-routes.ts';
import { passwordChangeRoutes } from './modules/access/password-change.routes.ts';
import { parkRoutes } from './modules/park/park.routes.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import { driversRoutes } from './modules/drivers/drivers.routes.ts';
import { vehicleDocumentsRoutes } from './modules/vehicles/vehicle-documents.routes.ts';
import { vehicleGroupsRoutes } from './modules/vehicles/vehicle-groups.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { ownersRoutes } from './modules/owners/owners.routes.ts';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes.ts';
import { pnlRoutes } from './modules/pnl/pnl.routes.ts';
import { operationsRoutes } from './modules/operations/operations.routes.ts';
import { caissesRoutes } from './modules/treasury/caisses.routes.ts';
import { transfersRoutes } from './modules/treasury/transfers.routes.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import { parkBalanceRoutes } from './modules/treasury/park-balance.routes.ts';
import { planningRoutes } from './modules/planning/planning.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { contractDocumentsRoutes } from './modules/contracts/contract-documents.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { contractMoneyRoutes } from './modules/contracts/contract-money.routes.ts';
import { courseMoneyRoutes } from './modules/courses/course-money.routes.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { recipesRoutes } from './modules/recipes/recipes.routes.ts';
import { salaryRoutes } from './modules/salary/salary.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createPaymentGateway, type PaymentGateway } from './platform/payments/payments.ts';
import { createMapServices } from './platform/maps/maps.ts';
import type { MapServices } from './platform/maps/maps.types.ts';
import { payinsRoutes } from './modules/payins/payins.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { payinsDeps } from './modules/payins/payins.deps.ts';
import { payinCheckStatus } from './modules/payins/payins.service.ts';
import { remindersRoutes } from './modules/reminders/reminders.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { dailyNoticesDevRoutes } from './modules/notifications/daily-notices.dev-routes.ts';
import { createYangoApi } from './integrations/yango/yango.api.ts';
import { createGpsApi } from './integrations/gps/gps.api.ts';
import type { GpsApi } from './integrations/gps/gps.types.ts';
import type { GpsDeps } from './modules/gps/gps.deps.ts';
import { gpsRoutes } from './modules/gps/gps.routes.ts';
import { penaltyTriggersRoutes } from './modules/gps/penalty-triggers.routes.ts';
import { triggerJobDevRoutes } from './modules/gps/trigger-job.dev-routes.ts';
import { phoneGpsRoutes } from './modules/phone-gps/phone-gps.routes.ts';
import { platformOperatorRoutes } from './modules/subscriptions/platform-operator.routes.ts';
import { registerSubscriptionGate } from './modules/subscriptions/subscription-gate.ts';
import { subscriptionPaymentRoutes } from './modules/subscriptions/subscription-payment.routes.ts';
import type { SubscriptionsDeps } from './modules/subscriptions/subscriptions.deps.ts';
import { subscriptionsJobDevRoutes } from './modules/subscriptions/subscriptions.dev-routes.ts';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.ts';
import type { YangoApi } from './integrations/yango/yango.types.ts';
import { createSecretBox } from './platform/secrets/secret-box.ts';
import type { YangoDeps } from './modules/yango/yango.deps.ts';
import { yangoLinkRoutes } from './modules/yango/yango-link.routes.ts';
import { yangoActivityRoutes } from './modules/yango/yango-activity.routes.ts';
import { yangoDebitRoutes } from './modules/yango/yango-debit.routes.ts';
// What each module registers once: reset options, files it shows, what a new park starts with.
import './modules/registrations.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  notifier: Notifier;
  /** Payment providers for withdrawals; built from config.payments when not given (simulators start on first use). */
  payments?: PaymentGateway;
  /** Geocoder, router and tiles; built from config.maps when not given (simulators start on first use). */
  maps?: MapServices;
  /** The Yango Fleet API; built from config.yango when not given (the simulator starts on first use). */
  yango?: YangoApi;
  /** The telematics providers; built from config.gps when not given (the simulators start on first use). */
  gps?: GpsApi;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Yango module's dependencies (main.ts hands them to its jobs, tests reach the simulator). */
    yango: YangoDeps;
    /** The GPS module's dependencies (main.ts hands them to the trigger job, tests reach the simulators). */
    gps: GpsDeps;
    subscriptions: SubscriptionsDeps;
  }
}

/** Builds the app from its plugins and modules. It opens nothing itself: main.ts and tests do. */
export async function buildApp({ config, database, notifier, payments: givenPayments, maps: givenMaps, yango: givenYango, gps: givenGps }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: LOG_REDACT },
    genReqId: requestId,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // What the router and Node's HTTP parser refuse is answered in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRouteCatalog(app);
  registerEnvelope(app);
  registerJsonBody(app);
  registerBodyCleaning(app);
  registerSecurityHeaders(app, { hsts: config.cookieSecure, tileUrl: config.maps.tileUrl });
  await app.register(cookie);
  await registerMultipart(app, { fileSize: config.uploadLimitBytes, files: 4, fields: 50, fieldSize: 64 * 1024 });
  // Counted in Redis when REDIS_URL is set (shared by every instance), else in this process.
  const limits = await rateLimitStore(config.redisUrl, app.log);
  app.addHook('onClose', () => limits.close());
  await app.register(rateLimit, {
    global: false,
    ...limits.options,
    errorResponseBuilder: () => ({ statusCode: 429, code: ErrorCodes.RATE_LIMITED.code, message: ErrorCodes.RATE_LIMITED.message, data: null }),
  });
  await registerOpenApi(app);

  const db = database.db;
  registerAuthGuard(app, { jwtSecret: config.jwtSecret, lookup: { loadCaller: (q) => loadCaller(db, q) } });
  registerIdempotency(app, { db });

  const access: AccessDeps = { db, jwtSecret: config.jwtSecret, notifier, publicUrl: config.publicUrl, otpMaxSends: config.otpSendLimit };
  // Uploaded files: DATA_DIR, or the S3 bucket every instance shares (its SDK loads only then).
  const storage = await openStorage(config.storage, app.log);
  app.decorate('fileStorage', storage);
  app.addHook('onClose', () => storage.close());
  const files: FilesDeps = { db, storage, signingKey: config.jwtSecret };
  const signInRateLimit = config.signInRateLimit;
  const payments = givenPayments ?? createPaymentGateway(config.payments);
  app.decorate('payments', payments);
  if (!givenPayments) app.addHook('onClose', () => payments.close());
  const withdrawals = { db, payments, resendAfterSeconds: config.payments.reconcileAfterSeconds, log: app.log };
  // Mobile-money pay-ins; in simulator mode the simulators' callbacks reach the webhooks in-process, through the real routes.
  const payins = payinsDeps({ db, payments, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret, log: app.log });
  app.decorate('payins', payins);
  if (payments.mode === 'simulator') {
    payments.setCallbackTransport(async (d) => {
      const u = new URL(d.url);
      // 0, as an unreachable webhook reads: the app may be closing (a test's end).
      return app.inject({ method: d.method, url: `${u.pathname}${u.search}`, headers: d.headers, payload: d.body }).then((r) => r.statusCode, () => 0);
    }, `${config.publicUrl}/api/webhooks/payins/wave`);
  }
  const maps = givenMaps ?? createMapServices(config.maps, app.log);
  app.decorate('maps', maps);
  if (!givenMaps) app.addHook('onClose', () => maps.close());
  const yangoApi = givenYango ?? createYangoApi(config.yango);
  if (!givenYango) app.addHook('onClose', () => yangoApi.close());
  const yango: YangoDeps = { db, api: yangoApi, box: createSecretBox(config.secretsKey), access, log: app.log };
  app.decorate('yango', yango);
  const gpsApi = givenGps ?? createGpsApi(config.gps);
  if (!givenGps) app.addHook('onClose', () => gpsApi.close());
  const gps: GpsDeps = { db, api: gpsApi, box: createSecretBox(config.secretsKey), maps, notifier, cacheSeconds: config.gps.cacheSeconds, log: app.log };
  app.decorate('gps', gps);
  const subscriptions: SubscriptionsDeps = { db, files, payins, notifier, platform: config.platformOperator, publicUrl: config.publicUrl, now: () => new Date(), log: app.log };
  app.decorate('subscriptions', subscriptions);
  // Before any route: those that grow a park (vehicles, drivers, plannings) need a running subscription.
  registerSubscriptionGate(app, db);

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      registerHealth(api, database);
      await api.register(authRoutes, { deps: access, cookieSecure: config.cookieSecure, signInRateLimit });
      await api.register(driverAuthRoutes, { deps: access, cookieSecure: config.cookieSecure, signInRateLimit });
      await api.register(signupRoutes, { deps: { ...access, open: config.signupOpen }, cookieSecure: config.cookieSecure, signInRateLimit });
      await api.register(pinRoutes, { deps: access, rateLimit: signInRateLimit });
      await api.register(userRoutes, { deps: access, files });
      await api.register(rolesRoutes, { deps: access });
      await api.register(adminsRoutes, { deps: access, files });
      await api.register(filesRoutes, { deps: files });
      await api.register(passwordChangeRoutes, { deps: access, rateLimit: signInRateLimit });
      await api.register(parkRoutes, { deps: { db, files } });
      await api.register(ownerParksRoutes, { deps: access, rateLimit: signInRateLimit });
      await api.register(locationRoutes);
      await api.register(driversRoutes, { deps: { db, files }, files });
      await api.register(vehicleDocumentsRoutes, { deps: { db, files } });
      await api.register(vehicleGroupsRoutes, { db });
      await api.register(catalogRoutes, { db });
      await api.register(ownersRoutes, { db });
      await api.register(vehiclesRoutes, { deps: { db, files } });
      await api.register(pnlRoutes, { db });
      await api.register(operationsRoutes, { deps: { db, files } });
      await api.register(caissesRoutes, { deps: { db, files } });
      await api.register(transfersRoutes, { db });
      await api.register(accountingRoutes, { db });
      await api.register(withdrawalsRoutes, { deps: withdrawals, checkPayin: (acting, id) => payinCheckStatus(payins, acting, id) });
      await api.register(parkBalanceRoutes, { db });
      await api.register(payinsRoutes, { deps: payins });
      await api.register(recipesRoutes, { deps: { db, files, payins } });
      await api.register(salaryRoutes, { deps: { db } });
      await api.register(driverSpaceRoutes, { deps: { db, files, payins } });
      await api.register(dashboardRoutes, { db });
      await api.register(planningRoutes, { deps: { db, files } });
      await api.register(remindersRoutes, { deps: { db } });
      await api.register(notificationsRoutes, { db });
      await api.register(maintenanceRoutes, { deps: { db, files } });
      await api.register(contractDocumentsRoutes, { deps: { db, files } });
      await api.register(contractsRoutes, { deps: { db, files, log: app.log } });
      await api.register(contractMoneyRoutes, { deps: { db, files, log: app.log, payins } });
      await api.register(courseMoneyRoutes, { deps: { db, files, log: app.log } });
      await api.register(coursesRoutes, { deps: { db, maps, log: app.log } });
      await api.register(suppliersRoutes, { deps: { db, files } });
      await api.register(geoRoutes, { db, maps });
      await api.register(clientsRoutes, { deps: { db } });
      await api.register(yangoLinkRoutes, { deps: yango });
      await api.register(yangoActivityRoutes, { deps: yango });
      await api.register(yangoDebitRoutes, { deps: yango });
      await api.register(gpsRoutes, { deps: gps });
      await api.register(phoneGpsRoutes, { deps: { db, files } });
      await api.register(penaltyTriggersRoutes, { deps: gps });
      await api.register(subscriptionsRoutes, { deps: subscriptions });
      await api.register(subscriptionPaymentRoutes, { deps: subscriptions });
      await api.register(platformOperatorRoutes, { deps: subscriptions });
      if (config.devOutbox) {
        await api.register(outboxRoutes, { db });
        await api.register(recipeJobDevRoutes, { db, yango });
        await api.register(triggerJobDevRoutes, { deps: gps });
        await api.register(subscriptionsJobDevRoutes, { deps: subscriptions });
        await api.register(dailyNoticesDevRoutes, { deps: { db, files, notifier, publicUrl: config.publicUrl, log: app.log } });
      }
    },
    { prefix: '/api' },
  );

  registerNotFound(app, { servePages: await registerWebApp(app, config.webDist) });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers withdrawals pay out through (main.ts hands them to the reconciliation job). */
    payments: PaymentGateway;
    /** Address search, roads and tiles (the geo and courses modules use them). */
    maps: MapServices;
    /** Where uploaded files live (main.ts hands it to the nightly orphan sweep). */
    fileStorage: FileStorage;
  }
}
