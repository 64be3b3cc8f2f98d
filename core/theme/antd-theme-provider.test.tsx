import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useStyleRegister } from '@ant-design/cssinjs';
import { Button, Empty, theme as antdTheme } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fakeMatchMedia } from '../../tests/setup/media-queries';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { createPortalContainer, ServiceProvider } from '../di';
import { AntdThemeProvider, withAntdTheme } from './antd-theme-provider';
import { ThemeRoot } from './theme-root';
import { ThemeStore } from './theme-store';

function PrimaryTokenProbe() {
  const { token } = antdTheme.useToken();
  return (
    <output aria-label="antd tokens">
      {token.colorPrimary} {token.fontFamily} motion:{String(token.motion)}
    </output>
  );
}

function renderThemed(store: ThemeStore, language = 'en') {
  const container = createPortalContainer();
  container.constant(ThemeStore, store);
  return render(
    <ServiceProvider container={container}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <ThemeRoot>
          <AntdThemeProvider>
            <PrimaryTokenProbe />
            <Button type="primary">Go</Button>
            <Empty />
          </AntdThemeProvider>
        </ThemeRoot>
      </I18nextProvider>
    </ServiceProvider>,
  );
}

/** Mounts `page` in the provider, as a route does; each call is one visit to it, all in the same page's life. */
function visits(page: ReactNode): () => ReturnType<typeof render> {
  const container = createPortalContainer();
  container.constant(ThemeStore, new ThemeStore());
  return () =>
    render(
      <ServiceProvider container={container}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <AntdThemeProvider>{page}</AntdThemeProvider>
        </I18nextProvider>
      </ServiceProvider>,
    );
}

describe('AntdThemeProvider', () => {
  it('gives antd the preset primary and Poppins, then the organisation primary once branding applies', () => {
    const store = new ThemeStore();
    renderThemed(store);
    const tokens = screen.getByRole('status', { name: 'antd tokens' });
    // antd normalises colours to lower case.
    expect(tokens).toHaveTextContent(/^#0b1f44 Poppins,/i);

    act(() => store.applyBranding({ primaryColor: '#C0392B', secondaryColor: null, textColor: null }));
    expect(tokens).toHaveTextContent(/^#c0392b /i);
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });

  it('animates by default, and not at all for a person whose system asks for less motion', () => {
    const first = renderThemed(new ThemeStore());
    expect(screen.getByRole('status', { name: 'antd tokens' })).toHaveTextContent('motion:true');
    first.unmount();

    vi.spyOn(window, 'matchMedia').mockImplementation(
      fakeMatchMedia((query) => query === '(prefers-reduced-motion: reduce)'),
    );
    renderThemed(new ThemeStore());
    expect(screen.getByRole('status', { name: 'antd tokens' })).toHaveTextContent('motion:false');
    vi.mocked(window.matchMedia).mockRestore();
  });

  it("shows antd's own texts in the portal language", async () => {
    renderThemed(new ThemeStore(), 'fr');
    // French texts are a chunk of their own, fetched when a French page first shows antd.
    expect(await screen.findAllByText('Aucune donnée')).not.toHaveLength(0);
    expect(screen.queryByText('No data')).toBeNull();
  });

  it("follows a language switch with antd's texts, keeping what the page holds meanwhile", async () => {
    const i18n = createTestI18n('en');
    const container = createPortalContainer();
    container.constant(ThemeStore, new ThemeStore());
    render(
      <ServiceProvider container={container}>
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p>Loading</p>}>
            <AntdThemeProvider>
              <input aria-label="Note" defaultValue="" />
              <Empty />
            </AntdThemeProvider>
          </Suspense>
        </I18nextProvider>
      </ServiceProvider>,
    );
    const note = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.type(note, 'half-typed');

    await act(() => i18n.changeLanguage('ar'));
    // While antd's Arabic texts load, the page stays on screen, not behind a spinner.
    expect(note).toBeVisible();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(await screen.findAllByText('لا توجد بيانات')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Note' })).toBe(note);
    expect(note).toHaveValue('half-typed');
  });

  it('shows antd texts in English for English users', () => {
    renderThemed(new ThemeStore(), 'en');
    expect(screen.getAllByText('No data')).not.toHaveLength(0);
  });
  it('themes a page wrapped with withAntdTheme, whose own props still arrive', () => {
    const Page = withAntdTheme(function Page({ label }: { label: string }) {
      return (
        <>
          <PrimaryTokenProbe />
          <Button type="primary">{label}</Button>
        </>
      );
    });
    const container = createPortalContainer();
    container.constant(ThemeStore, new ThemeStore());
    render(
      <ServiceProvider container={container}>
        <I18nextProvider i18n={createTestI18n('en')}>
          <Page label="Continue" />
        </I18nextProvider>
      </ServiceProvider>,
    );
    expect(screen.getByRole('status', { name: 'antd tokens' })).toHaveTextContent(/^#0b1f44 Poppins,/i);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('generates a component\'s styles once for the life of the page, not again each time a page shows it', () => {
    const generated = vi.fn();
    // Styled as antd styles its components: through the css-in-js cache the provider gives.
    function StyledCard() {
      const { theme, token, hashId } = antdTheme.useToken();
      useStyleRegister({ theme, token, hashId, path: ['kept-style-probe'] }, () => {
        generated();
        return { '.kept-style-probe': { color: token.colorPrimary } };
      });
      return <p className="kept-style-probe">Card</p>;
    }
    const visit = visits(<StyledCard />);

    // A route change unmounts the page that showed it; coming back mounts it again.
    visit().unmount();
    visit().unmount();
    visit();
    expect(screen.getByText('Card')).toBeInTheDocument();
    expect(generated).toHaveBeenCalledTimes(1);
  });

  it("looks for a component's style in the page only until it is there, and the style stays applied", () => {
    function StyledNote() {
      const { theme, token, hashId } = antdTheme.useToken();
      useStyleRegister({ theme, token, hashId, path: ['inserted-style-probe'] }, () => ({
        '.inserted-style-probe': { color: 'rgb(1, 2, 3)' },
      }));
      return <p className={`${hashId} inserted-style-probe`}>Note</p>;
    }
    const visit = visits(<StyledNote />);
    // rc-util's updateCSS finds a style by reading each <style>'s data-css-hash.
    const styleLookups = () => {
      const spy = vi.spyOn(Element.prototype, 'getAttribute');
      return () => {
        const count = spy.mock.contexts.filter((element, i) => {
          return (element as Element).tagName === 'STYLE' && spy.mock.calls[i]![0] === 'data-css-hash';
        }).length;
        spy.mockRestore();
        return count;
      };
    };

    const first = styleLookups();
    visit().unmount();
    expect(first()).toBeGreaterThan(0);
    const again = styleLookups();
    visit();
    expect(again()).toBe(0);
    expect(getComputedStyle(screen.getByText('Note')).color).toBe('rgb(1, 2, 3)');
    expect(document.querySelectorAll('style[data-css-hash]').length).toBeGreaterThan(0);
  });
});
