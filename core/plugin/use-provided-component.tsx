import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Token } from '../di/container';
import { useOptionalService } from '../di/use-service';
import type { ProvidedComponent } from './extension-points';
import { PluginScope } from './plugin-scope';

// One lazy component per provided value: a new one per render would remount (and reload) it every time.
const loaded = new WeakMap<object, unknown>();

/**
 * The component some plugin provides for an extension point, ready to render inside `<Suspense>`; null when
 * no enabled plugin provides it, so the page can leave out what depends on it. Its code and its plugin's texts
 * load on first render.
 * @example
 * const ChangePassword = useProvidedComponent(ChangePasswordDialog);
 * {ChangePassword && <Suspense fallback={null}><ChangePassword open onDone={done} /></Suspense>}
 */
export function useProvidedComponent<Props extends object>(
  id: Token<ProvidedComponent<Props>>,
): LazyExoticComponent<ComponentType<Props>> | null {
  const provided = useOptionalService(id);
  const { i18n } = useTranslation();
  return useMemo(() => {
    if (!provided) return null;
    const cached = loaded.get(provided) as LazyExoticComponent<ComponentType<Props>> | undefined;
    if (cached) return cached;
    const component = lazy(async () => {
      const [module] = await Promise.all([provided.load(), i18n.loadNamespaces(provided.pluginId)]);
      const Provided = module.default;
      // The lent component sees its own plugin's settings, not those of the page that renders it.
      const Scoped = (props: Props) => (
        <PluginScope pluginId={provided.pluginId}>
          <Provided {...props} />
        </PluginScope>
      );
      return { default: Scoped };
    });
    loaded.set(provided, component);
    return component;
  }, [provided, i18n]);
}
