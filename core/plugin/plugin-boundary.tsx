import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../layout/page-spinner';
import { PluginScope } from './plugin-scope';

interface State {
  error: Error | null;
}

function PluginFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('core');
  return (
    <div role="alert" className="portal-plugin-error">
      <p>{t('boundary.failed')}</p>
      <button type="button" onClick={onRetry}>
        {t('boundary.retry')}
      </button>
    </div>
  );
}

class ErrorBoundary extends Component<{ source?: string; children?: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // A crash stays inside its own subtree; the log says where it was (which plugin, for a plugin's page).
    console.error(`${this.props.source ?? 'Page content'} failed to render`, error, info.componentStack);
  }

  render() {
    if (this.state.error) return <PluginFailed onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/**
 * Each plugin subtree gets its own error and loading boundary, so one broken plugin never blanks the portal,
 * and its plugin scope, through which its pages read their settings (`usePluginSettings`).
 */
export function PluginBoundary({ pluginId, children }: { pluginId: string; children: ReactNode }) {
  return (
    <PluginScope pluginId={pluginId}>
      <ErrorBoundary source={`Plugin "${pluginId}"`}>
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </ErrorBoundary>
    </PluginScope>
  );
}

/**
 * The boundary the app layout renders every page in (core/layout/app-layout.tsx): the same translated message and
 * retry as a plugin's page, never the error's own text.
 */
export { ErrorBoundary as ContentErrorBoundary };
