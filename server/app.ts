import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type Ajv from 'ajv';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { OneLinePerRequest } from './http/one-line-per-request';
import { API_PREFIX, REFRESH_TOKEN_HEADER } from '../contract/v1/constants';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { openDatabase, type Database, type DatabaseLocation } from './db/database';
import { registerAppLandings } from './dev/app-landings';
import { registerMailboxRoutes } from './dev/mailbox-routes';
import { registerPartnerSimulator } from './dev/partner-simulator';
import { INFRASTRUCTURE_PATHS, refuseOffContractRoutes } from './http/contract-guard';
import { answerFrameworkError, installErrorHandling } from './http/error-handler';
import { CONTRACT_AJV_OPTIONS, contractKeywords } from './http/validation';
import { registerCspReports } from './http/csp-reports';
import { registerSecurityHeaders } from './http/security-headers';
import { localiseReplies } from './i18n/localise-replies';
import type { App } from './http/types';
import accountData from './modules/account-data';
import activityLog from './modules/activity-log';
import apps from './modules/apps';
import auth from './modules/auth';
import billing from './modules/billing';
import branding from './modules/branding';
import emailChange from './modules/email-change';
import identityVerification from './modules/identity-verification';
import ipAllowList from './modules/ip-allow-list';
import organizationAcl from './modules/organization-acl';
import organizationMembers from './modules/organization-members';
import organizations from './modules/organizations';
import { ensurePortalCatalogue } from './modules/organizations/seed';
import passkeys from './modules/passkeys';
import reauth from './modules/reauth';
import recoveryCodes from './modules/recovery-codes';
import scheduler from './modules/scheduler';
import { pickServices, type ServerModule } from './modules/server-module';
import sessions from './modules/sessions';
import sso from './modules/sso';
import userSecurity from './modules/user-security';
import users from './modules/users';
import { isDatabaseEmpty, runDemoSeeds } from './seed/demo-seed';
import { loadSigningSecret } from './security/secrets';
import { createServices, type ServiceOverrides, type Services } from './services';
import { enabledPluginsOf, simulatedServices } from './simulations';
import { registerStaticSite, wantsSpa } from './web/static-site';
import { watchPortalConfig } from './web/portal-config-monitor';

/**
 * The server's features, in dependency order: a module's tables and demo rows may point to those of the modules
 * before it. A new feature is one folder under server/modules and one line here (server/README.md).
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  users,
  sessions,
  auth,
  organizations,
  organizationAcl,
  organizationMembers,
  ipAllowList,
  branding,
  scheduler,
  userSecurity,
  reauth,
  passkeys,
  recoveryCodes,
  emailChange,
  billing,
  apps,
  sso,
  identityVerification,
  activityLog,
  accountData,
];

export interface BuildAppOptions extends ServiceOverrides {
  config: ServerConfig;
  /** Defaults to DATABASE_URL (PostgreSQL) or PGlite under DATA_DIR; `{ kind: 'pglite', dataDir: null }` is in memory. */
  database?: DatabaseLocation;
  clock?: Clock;
  /** Overrides JWT_SECRET / the key file in DATA_DIR (tests). */
  signingKey?: Uint8Array;
  /** Seed the demo data when the database is empty (first start). */
  seedIfEmpty?: boolean;
  /** A pino logger (server/main.ts); none in tests. */
  logger?: FastifyBaseLogger;
  /** Runs after the database closes (tests drop their temporary database here). */
  afterClose?: () => Promise<void>;
  /**
   * Another app's open database: a second instance on one in-memory PGlite (tests of limits that must hold across
   * instances). This app neither migrates nor closes it.
   */
  sharedDatabase?: Database;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    database: Database;
  }
}

/** Log redaction: no credentials, tokens or codes ever reach the logs. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  `req.headers["${REFRESH_TOKEN_HEADER}"]`,
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.code',
  '*.otp',
  '*.captcha',
];

/**
 * The API server: /v1 contract, dev mailbox, and (when a build exists) the portal, on one Fastify instance.
 * Tests drive it through `app.inject`; `server/main.ts` listens on a port.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const location: DatabaseLocation =
    options.database ??
    (config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir });

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Report every failed rule, reject unknown fields and control characters (server/http/validation.ts).
    ajv: {
      customOptions: CONTRACT_AJV_OPTIONS,
      plugins: [((ajv: Ajv) => contractKeywords(ajv, config.passwordPolicy)) as never],
    },
    // A URL the router cannot decode (`%ED%A0%80`) or a path parameter over its length: the error envelope too.
    frameworkErrors: answerFrameworkError,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;
  refuseOffContractRoutes(app);
  // JSON only: Fastify also parses text/plain, which a cross-site form can send without a preflight (415 instead).
  app.removeContentTypeParser('text/plain');

  const database = options.sharedDatabase ?? (await openDatabase(location));
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    try {
      await app.services?.mailer.idle();
      app.services?.mailer.close();
      await app.services?.svgSanitiser.close();
      await app.services?.hasher.close();
      if (!options.sharedDatabase) await database.close();
    } finally {
      await options.afterClose?.();
    }
  });
  try {
    if (!options.sharedDatabase) await database.migrate();
    const signingKey =
      options.signingKey ??
      loadSigningSecret({
        fromEnv: config.jwtSecret,
        dataDir: location.kind === 'pglite' && !location.dataDir ? null : config.dataDir,
      });
    const services = createServices({
      config,
      db: database.db,
      clock,
      signingKey,
      log: app.log,
      overrides: options,
    });
    app.decorate('services', services);
    if (options.seedIfEmpty && (await isDatabaseEmpty(database.db))) {
      await runDemoSeeds(
        SERVER_MODULES.map((module) => module.seed),
        { db: database.db, hasher: services.hasher, now: clock.now() },
      );
      app.log.info('seeded demo data into an empty database');
    }
    // The portal catalogue is product data, not demo data: a production install that seeds nothing needs it too.
    await ensurePortalCatalogue(database.db);

    installErrorHandling(app, services.i18n);
    localiseReplies(app, services.i18n);
    await registerSecurityHeaders(app, config);

    // API answers carry tokens and personal data: never cached by browsers or proxies.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith('/dev/')) {
        if (!request.url.startsWith(`${API_PREFIX}/docs/static`)) reply.header('cache-control', 'no-store');
      }
    });

    // API_DOCS (off by default in production): the document maps every call an attacker could try.
    if (config.apiDocs) {
      await app.register(swagger, {
        openapi: {
          openapi: '3.0.3',
          info: {
            title: 'Account portal API',
            version: '1.0.0',
            description: 'The /v1 contract the account portal uses.',
          },
          components: {
            securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          },
        },
      });
      await app.register(swaggerUi, { routePrefix: INFRASTRUCTURE_PATHS.docs });
    }

    // Each feature is an encapsulated plugin that gets only the shared services it declared.
    for (const module of SERVER_MODULES)
      await app.register(module.plugin, pickServices(services, module.needs));
    if (config.apiDocs)
      app.get(INFRASTRUCTURE_PATHS.openApi, { schema: { hide: true } }, async () => app.swagger());
    app.get(INFRASTRUCTURE_PATHS.health, { schema: { hide: true } }, async () => ({
      data: { status: 'ok' },
      msg: 'ok',
    }));
    registerCspReports(app, services.throttle);
    if (config.devRoutes) registerMailboxRoutes(app, services);
    if (config.devRoutes) registerPartnerSimulator(app, services);
    if (config.devRoutes) registerAppLandings(app);

    // Production tells the portal which simulations ALLOW_SIMULATED let it start on, for the admins' banner.
    const simulated = (portalConfig: unknown) =>
      config.isProduction ? simulatedServices(config, enabledPluginsOf(portalConfig)).map((s) => s.name) : [];
    // Stripe's publishable key reaches the payment screens through the page, so a deployment needs no rebuild.
    const payments = config.stripe
      ? { provider: 'stripe' as const, publishableKey: config.stripe.publishableKey }
      : null;
    const sendPortal = await registerStaticSite(
      app,
      config.webRoot,
      config.portalConfigFile,
      simulated,
      payments,
      config.localesDir,
      app.log,
    );
    // The deployer reads what would break a page in the server's log, at start and whenever the files change.
    if (options.logger) watchPortalConfig(app, config);
    app.setNotFoundHandler(async (request, reply) => {
      if (sendPortal && wantsSpa(request)) return sendPortal(request, reply);
      return reply.status(404).send({ msg: 'http.notFound', code: 'NOT_FOUND' });
    });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
