import type { PortalBinder, Token } from '../di/container';
import { isExtensionPoint } from './extension-points';

/** A token's name for messages: its `token()` name, a class name, or the string itself. */
export function tokenName(id: unknown): string {
  if (typeof id === 'symbol') return id.description ?? id.toString();
  if (typeof id === 'function') return id.name || '(anonymous class)';
  return String(id);
}

/**
 * Which plugin bound each extension point, and what went wrong: filled while every plugin's `bindings` run,
 * then turned into one boot error listing everything.
 */
export interface BindingAudit {
  providers: Map<unknown, string>;
  problems: string[];
}

export function createBindingAudit(): BindingAudit {
  return { providers: new Map(), problems: [] };
}

/**
 * The binder one plugin's `bindings` receive. It binds only tokens the plugin owns (named `<pluginId>.…`) and
 * core's extension points (one plugin each); anything else (core services such as HttpClient or SessionStore,
 * another plugin's tokens) is refused and reported, so no plugin can silently replace what others rely on.
 */
export function pluginBinder(target: PortalBinder, pluginId: string, audit: BindingAudit): PortalBinder {
  const allowed = (id: Token<unknown>): boolean => {
    if (isExtensionPoint(id)) {
      const earlier = audit.providers.get(id);
      if (earlier && earlier !== pluginId) {
        audit.problems.push(
          `Plugins "${earlier}" and "${pluginId}" both provide "${tokenName(id)}"; only one may`,
        );
        return false;
      }
      audit.providers.set(id, pluginId);
      return true;
    }
    if (typeof id === 'symbol' && id.description?.startsWith(`${pluginId}.`)) return true;
    audit.problems.push(
      `Plugin "${pluginId}" binds token "${tokenName(id)}", which it does not own (its tokens are named "${pluginId}.…")`,
    );
    return false;
  };
  return {
    singleton(id, implementation) {
      if (allowed(id)) target.singleton(id, implementation);
    },
    constant(id, value) {
      if (allowed(id)) target.constant(id, value);
    },
    factory(id, build) {
      if (allowed(id)) target.factory(id, build);
    },
    lazySingleton(id, load) {
      if (allowed(id)) target.lazySingleton(id, load);
    },
  };
}
