import { createContext, useContext, type ReactNode } from 'react';
import { useService } from '../di/use-service';
import { PluginRegistry } from './plugin-registry-token';

const PluginScopeContext = createContext<string | null>(null);

/** Marks a subtree as one plugin's: its pages, and components it lends to other plugins' pages. */
export function PluginScope({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  return <PluginScopeContext.Provider value={pluginId}>{children}</PluginScopeContext.Provider>;
}

/** The plugin whose page (or lent component) is rendering. */
export function usePluginId(): string {
  const pluginId = useContext(PluginScopeContext);
  if (!pluginId)
    throw new Error(
      'usePluginId and usePluginSettings work only inside a plugin page or a component it provides',
    );
  return pluginId;
}

/**
 * The rendering plugin's settings: its `defaultSettings` with `plugins.<id>.settings` from config laid over them,
 * already validated against its `settings.schema.json` at start-up. Pages never read `PortalConfig.plugins`.
 * @example
 * interface BillingSettings { currency: string }
 * export const useBillingSettings = () => usePluginSettings<BillingSettings>();
 */
export function usePluginSettings<TSettings extends object>(): TSettings {
  const pluginId = usePluginId();
  const registry = useService(PluginRegistry);
  const loaded = registry.plugins.find((p) => p.plugin.id === pluginId);
  if (!loaded) throw new Error(`Plugin "${pluginId}" is not enabled`);
  return loaded.context.settings as TSettings;
}
