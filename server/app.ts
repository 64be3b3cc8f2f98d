import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type Ajv from 'ajv';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { API_PREFIX, REFRESH_TOKEN_HEADER } from '../contract/v1/constants';
import { systemClock, type Clock } from './clock';
import type { ServerConfig } from './config';
import { openDatabase, type Database, type DatabaseLocation } from './db/database';
import { registerAppLandings } from './dev/app-landings';
import { registerMailboxRoutes } from './dev/mailbox-routes';
import { registerPartnerSimulator } from './dev/partner-simulator';
import { authenticator } from './http/authenticate';
import { installErrorHandling } from './http/error-handler';
import type { App } from './http/types';
import { registerAppRoutes } from './modules/apps/app-routes';
import { registerAuthRoutes } from './modules/auth/auth-routes';
import { registerOrganizationRoutes } from './modules/organizations/organization-routes';
import { registerSsoRoutes } from './modules/sso/sso-routes';
import { registerUserSecurityRoutes } from './modules/user-security/user-security-routes';
import { registerUserRoutes } from './modules/users/user-routes';
import { isDatabaseEmpty, seedDemoData } from './seed/demo-data';
import { loadSigningSecret } from './security/secrets';
import { createServices, type ServiceOverrides, type Services } from './services';
import { registerStaticSite, sendSpaIndex, wantsSpa } from './web/static-site';

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

/** Makes `x-messages` (per-rule user messages in the contract) a known keyword, and keeps the schema on each error. */
function contractKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  return ajv;
}

/**
 * The API server: /v1 contract, dev mailbox, and (when a build exists) the portal, on one Fastify instance.
 * Tests drive it through `app.inject`; `server/main.ts` listens on a port.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const location: DatabaseLocation =
    options.database ?? (config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ajv: {
      // Report every failed rule and reject unknown fields instead of silently dropping them (stack.md).
      customOptions: { allErrors: true, removeAdditional: false, verbose: true, coerceTypes: 'array', useDefaults: true },
      plugins: [contractKeywords as never],
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const database = await openDatabase(location);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    try {
      await app.services?.mailer.idle();
      app.services?.mailer.close();
      await database.close();
    } finally {
      await options.afterClose?.();
    }
  });
  try {
    await database.migrate();
    const signingKey =
      options.signingKey ??
      loadSigningSecret({ fromEnv: config.jwtSecret, dataDir: location.kind === 'pglite' && !location.dataDir ? null : config.dataDir });
    const services = createServices({ config, db: database.db, clock, signingKey, log: app.log, overrides: options });
    app.decorate('services', services);
    if (options.seedIfEmpty && (await isDatabaseEmpty(database.db))) {
      await seedDemoData(database.db, services.hasher, clock.now());
      app.log.info('seeded demo data into an empty database');
    }

    installErrorHandling(app);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd injects <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // No upgrade-insecure-requests: it breaks plain-http hosts other than localhost.
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    });

    // API answers carry tokens and personal data: never cached by browsers or proxies.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(`${API_PREFIX}/`) || request.url.startsWith('/dev/')) {
        if (!request.url.startsWith(`${API_PREFIX}/docs/static`)) reply.header('cache-control', 'no-store');
      }
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Account portal API', version: '1.0.0', description: 'The /v1 contract the account portal uses.' },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

    const authenticate = authenticator(services.sessions);
    registerAuthRoutes(app, services, authenticate);
    registerOrganizationRoutes(app, services, authenticate);
    registerSsoRoutes(app, services);
    registerUserRoutes(app, services, authenticate);
    registerAppRoutes(app, services, authenticate);
    registerUserSecurityRoutes(app, services, authenticate);
    app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
    app.get(`${API_PREFIX}/health`, { schema: { hide: true } }, async () => ({ data: { status: 'ok' }, msg: 'ok' }));
    if (config.devRoutes) registerMailboxRoutes(app, services);
    if (config.devRoutes) registerPartnerSimulator(app, services);
    if (config.devRoutes) registerAppLandings(app);

    const spa = await registerStaticSite(app, config.webRoot);
    app.setNotFoundHandler(async (request, reply) => {
      if (spa && wantsSpa(request)) return sendSpaIndex(reply);
      return reply.status(404).send({ msg: 'Not found', code: 'NOT_FOUND' });
    });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
