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
}

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
  };
}
