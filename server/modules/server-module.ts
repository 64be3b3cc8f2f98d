import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { DemoSeed } from '../seed/demo-seed';
import type { ServiceName, Services } from '../services';

/** A feature's Fastify plugin: its options are exactly the shared services the feature declared. */
export type ModulePlugin<K extends ServiceName> = FastifyPluginAsync<
  Pick<Services, K>,
  RawServerDefault,
  TypeBoxTypeProvider
>;

/**
 * One server feature (`server/modules/<feature>/index.ts`): its routes (a Fastify plugin registering endpoints of
 * the contract table), the shared services it needs, and its demo rows. Its tables are in the `schema.ts` beside
 * it (drizzle.config.ts collects every module's). server/app.ts lists the modules, in dependency order.
 */
export interface ServerModule<K extends ServiceName = ServiceName> {
  /** The folder name, for logs and errors. */
  readonly name: string;
  /** The shared services (server/services.ts) the plugin receives as its options; it gets no others. */
  readonly needs: readonly K[];
  readonly plugin: ModulePlugin<K>;
  /** Its demo rows, seeded after those of the modules listed before it. */
  readonly seed?: DemoSeed;
}

/**
 * Declares a feature module; the plugin's options are typed from `needs`, so using a service the module did not
 * declare is a type error.
 * @example
 * export default defineServerModule({
 *   name: 'users',
 *   needs: ['db', 'clock', 'audit', 'authenticate'],
 *   plugin: async (app, { authenticate, ...services }) => { const route = contractRouter(app, authenticate); ... },
 * });
 */
export function defineServerModule<const K extends ServiceName>(module: {
  name: string;
  needs: readonly K[];
  plugin: ModulePlugin<NoInfer<K>>;
  seed?: DemoSeed;
}): ServerModule<K> {
  return module;
}

/** Exactly the declared services: the plugin cannot reach the others even through a cast. */
export function pickServices<K extends ServiceName>(
  services: Services,
  needs: readonly K[],
): Pick<Services, K> {
  const picked = {} as Pick<Services, K>;
  for (const name of needs) picked[name] = services[name];
  return picked;
}
