import '@ant-design/v5-patch-for-react-19';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { ContentErrorBoundary, PluginBoundary } from './plugin-boundary';

/** Throws with an internal-looking message until `fixed` is set. */
const state = { fixed: false };
function Fragile() {
  if (!state.fixed) throw new Error('TypeError: cannot read properties of undefined (reading "rows")');
  return <p>rendered</p>;
}

function inLanguage(language: string, children: ReactNode) {
  return render(<I18nextProvider i18n={createTestI18n(language)}>{children}</I18nextProvider>);
}

afterEach(() => {
  state.fixed = false;
  vi.restoreAllMocks();
});

describe.each([
  [
    'a plugin page',
    (children: ReactNode) => <PluginBoundary pluginId="billing">{children}</PluginBoundary>,
    'Plugin "billing"',
  ],
  [
    'page content in the app layout',
    (children: ReactNode) => <ContentErrorBoundary>{children}</ContentErrorBoundary>,
    'Page content',
  ],
])('the boundary around %s', (_what, wrap, logged) => {
  it('shows the translated failure and a retry, never the error text, and logs where it was', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    inLanguage('fr', wrap(<Fragile />));
    expect(screen.getByRole('alert')).toHaveTextContent("Cette partie du portail n'a pas pu être chargée.");
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('rows');
    expect(log).toHaveBeenCalledWith(`${logged} failed to render`, expect.any(Error), expect.any(String));
  });

  it('renders the content again on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inLanguage('en', wrap(<Fragile />));
    state.fixed = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('rendered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
