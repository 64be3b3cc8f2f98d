/**
 * The only file that talks to inversify's container API. Everything else binds through
 * {@link PortalBinder} and resolves through {@link ServiceResolver} (or `useService` in components),
 * so swapping the DI library would touch this file alone.
 */
import 'reflect-metadata/lite';
import { Container, type Newable, type ServiceIdentifier } from 'inversify';

export { inject, injectable, optional } from 'inversify';

/** A typed service token. One interface, one token, same name. */
export type Token<T> = ServiceIdentifier<T> & { readonly __service?: T };

/**
 * Creates a token for an interface.
 * @example
 * export interface BillingApi { bills(signal?: AbortSignal): Promise<Bill[]> }
 * export const BillingApi = token<BillingApi>('billing.api');
 */
export function token<T>(name: string): Token<T> {
  return Symbol.for(name) as Token<T>;
}

/** What a plugin's `bindings` receives: enough to register services, nothing more. */
export interface PortalBinder {
  /** One shared instance, created on first use with constructor injection. */
  singleton<T>(id: Token<T>, implementation: Newable<T>): void;
  /** A value that already exists (config objects, stores created by the host). */
  constant<T>(id: Token<T>, value: T): void;
  /** Built on first use from other services. */
  factory<T>(id: Token<T>, build: (resolve: ServiceResolver) => T): void;
  /**
   * A service whose class is fetched with its first call, for API classes (every member an async method): a
   * plugin's definition is on every page's first paint, its API code need not be (docs/performance.md).
   * @example bind.lazySingleton(BillingApi, () => import('./api/billing-api').then((m) => m.HttpBillingApi));
   */
  lazySingleton<T extends AsyncMethods<T>>(id: Token<T>, load: () => Promise<Newable<T>>): void;
}

/** An object whose every member is a method returning a promise: callable before its class has loaded. */
export type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

export interface ServiceResolver {
  get<T>(id: Token<T>): T;
  has(id: Token<unknown>): boolean;
}

export interface PortalContainer extends PortalBinder, ServiceResolver {}

export function createPortalContainer(): PortalContainer {
  const container = new Container({ defaultScope: 'Singleton' });
  const resolver: ServiceResolver = {
    get: <T>(id: Token<T>) => container.get<T>(id),
    has: (id) => container.isBound(id),
  };
  return {
    ...resolver,
    singleton(id, implementation) {
      if (container.isBound(id)) container.unbind(id);
      container.bind(id).to(implementation).inSingletonScope();
    },
    constant(id, value) {
      if (container.isBound(id)) container.unbind(id);
      container.bind(id).toConstantValue(value);
    },
    factory(id, build) {
      if (container.isBound(id)) container.unbind(id);
      container
        .bind(id)
        .toDynamicValue(() => build(resolver))
        .inSingletonScope();
    },
    lazySingleton(id, load) {
      if (container.isBound(id)) container.unbind(id);
      const implementationId = Symbol(`${String(typeof id === 'symbol' ? id.description : id)} (loaded)`);
      let instance: Promise<Record<PropertyKey, (...args: unknown[]) => Promise<unknown>>> | null = null;
      const loaded = () =>
        (instance ??= load().then(
          (implementation) => {
            container.bind(implementationId).to(implementation).inSingletonScope();
            return container.get(implementationId);
          },
          (error: unknown) => {
            instance = null; // a failed chunk load (offline) is tried again on the next call
            throw error;
          },
        ));
      // Each member is a method that waits for the class, then calls the one shared instance. `then` stays
      // undefined so the stand-in is never mistaken for a promise.
      const standIn = new Proxy(
        {},
        {
          get: (_target, member) =>
            typeof member === 'symbol' || member === 'then'
              ? undefined
              : (...args: unknown[]) => loaded().then((service) => service[member]!(...args)),
        },
      );
      container.bind(id).toConstantValue(standIn as never);
    },
  };
}
