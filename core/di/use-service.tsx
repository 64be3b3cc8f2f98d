import { createContext, useContext, type ReactNode } from 'react';
import type { ServiceResolver, Token } from './container';

const ContainerContext = createContext<ServiceResolver | null>(null);

export function ServiceProvider({ container, children }: { container: ServiceResolver; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/**
 * The way components reach services; they never see the container.
 * @example
 * const session = useService(SessionStore);
 */
export function useService<T>(id: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService needs a <ServiceProvider> above it');
  return container.get(id);
}

/**
 * A service that may not be bound (an extension point no enabled plugin provides): undefined then.
 * @example
 * const dialog = useOptionalService(ChangePasswordDialog);
 */
export function useOptionalService<T>(id: Token<T>): T | undefined {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useOptionalService needs a <ServiceProvider> above it');
  return container.has(id) ? container.get(id) : undefined;
}
