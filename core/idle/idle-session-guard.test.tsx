import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../tests/setup/test-i18n';
import { PortalConfig } from '../config/portal-config';
import { createPortalContainer, ServiceProvider } from '../di';
import { ApiError } from '../http/http-client';
import { TokenRefresher } from '../http/token-refresher';
import { SESSION_STORAGE_KEY, SessionStore } from '../session/session-store';
import { ThemeStore } from '../theme/theme-store';
import { IDLE_ACTIVITY_STORAGE_KEY } from './idle-environment';
import { IdleSessionController } from './idle-session-controller';
import { IdleSessionGuard } from './idle-session-guard';

const MINUTE = 60_000;
const START = new Date('2026-03-02T09:00:00Z').getTime();

function jwt(lifetimeMs: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${enc({ alg: 'HS256' })}.${enc({ sub: 'u1', iat, exp: iat + lifetimeMs / 1000 })}.sig`;
}

let session: SessionStore;

async function setup({
  loggedIn = true,
  language = 'en',
  refresh,
}: { loggedIn?: boolean; language?: string; refresh?: () => Promise<void> } = {}) {
  session = new SessionStore(window.localStorage);
  vi.useFakeTimers({ now: START });
  if (loggedIn) session.logIn({ accessToken: jwt(10 * MINUTE), refreshToken: 'r1' });

  const refresher = {
    refresh: vi.fn(
      refresh ?? (async () => session.setTokens({ accessToken: jwt(10 * MINUTE), refreshToken: 'r2' })),
    ),
  };
  const onExpired = vi.fn();
  const container = createPortalContainer();
  container.constant(SessionStore, session);
  container.constant(TokenRefresher, refresher);
  container.constant(PortalConfig, { idleWarningSeconds: 120 } as PortalConfig);
  container.singleton(IdleSessionController, IdleSessionController);
  container.constant(ThemeStore, new ThemeStore());
  render(
    <ServiceProvider container={container}>
      <I18nextProvider i18n={createTestI18n(language)}>
        {/* jsdom never ends CSS animations, so a closing dialog would stay in the DOM forever. */}
        <ConfigProvider theme={{ token: { motion: false } }}>
          <IdleSessionGuard onExpired={onExpired} />
        </ConfigProvider>
      </I18nextProvider>
    </ServiceProvider>,
  );
  return { refresher, onExpired };
}

/**
 * fireEvent rather than user-event: Testing Library's async wrapper waits on a real `setTimeout(0)`,
 * which never fires under Vitest's fake timers. The async act lets the refresh promise settle.
 */
async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

/** Advances the fake clock to `ms` after START. */
function advanceTo(ms: number) {
  act(() => vi.advanceTimersByTime(START + ms - Date.now()));
}

const dialog = () => screen.queryByRole('dialog', { name: 'Your session is about to expire' });

afterEach(() => {
  vi.useRealTimers();
  session.dispose();
});

describe('IdleSessionGuard', () => {
  it('with a 10-minute token, shows the dialog at 10 min and logs out at 12 min', async () => {
    const { onExpired } = await setup();

    advanceTo(10 * MINUTE - 1000);
    expect(dialog()).toBeNull();

    advanceTo(10 * MINUTE);
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(
      'You have been inactive for a while. For your security you will be logged out in 120 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Continue session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    advanceTo(11 * MINUTE);
    expect(dialog()).toHaveTextContent('logged out in 60 seconds.');
    advanceTo(12 * MINUTE - 1000);
    expect(dialog()).toHaveTextContent('logged out in 1 second.');
    expect(session.isUserLoggedIn).toBe(true);
    expect(onExpired).not.toHaveBeenCalled();

    advanceTo(12 * MINUTE);
    expect(session.isUserLoggedIn).toBe(false);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toBeInTheDocument();
  });

  it("'Continue session' refreshes the token, closes the dialog and restarts the timer", async () => {
    const { refresher, onExpired } = await setup();
    advanceTo(10 * MINUTE + 30_000);

    await click('Continue session');
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
    expect(session.refreshToken).toBe('r2');
    advanceTo(10 * MINUTE + 31_000);
    expect(dialog()).not.toBeInTheDocument();

    // The old deadline (12 min) passes without a logout...
    advanceTo(12 * MINUTE + 1000);
    expect(session.isUserLoggedIn).toBe(true);
    expect(dialog()).not.toBeInTheDocument();
    // ...and the next warning comes a full token lifetime after the click.
    advanceTo(20 * MINUTE + 29_000);
    expect(dialog()).not.toBeInTheDocument();
    advanceTo(20 * MINUTE + 31_000);
    expect(dialog()).toBeInTheDocument();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('user activity in this tab restarts the idle time', async () => {
    await setup();
    advanceTo(9 * MINUTE);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    advanceTo(18 * MINUTE + 59_000);
    expect(dialog()).toBeNull();
    advanceTo(19 * MINUTE);
    expect(dialog()).toBeInTheDocument();
  });

  it('scrolling inside the page counts as activity too', async () => {
    await setup();
    const panel = document.createElement('div');
    document.body.append(panel);
    advanceTo(5 * MINUTE);
    act(() => {
      panel.dispatchEvent(new Event('scroll'));
    });
    advanceTo(14 * MINUTE);
    expect(dialog()).toBeNull();
    advanceTo(15 * MINUTE);
    expect(dialog()).toBeInTheDocument();
    panel.remove();
  });

  it('tells the other tabs when the user is active here', async () => {
    await setup();
    advanceTo(3 * MINUTE);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(window.localStorage.getItem(IDLE_ACTIVITY_STORAGE_KEY)).toBe(String(START + 3 * MINUTE));
  });

  it('activity reported by another tab restarts the idle time', async () => {
    await setup();
    advanceTo(9 * MINUTE);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: IDLE_ACTIVITY_STORAGE_KEY, newValue: String(Date.now()) }),
      );
    });
    advanceTo(18 * MINUTE + 59_000);
    expect(dialog()).toBeNull();
    advanceTo(19 * MINUTE);
    expect(dialog()).toBeInTheDocument();
  });

  it('activity in another tab during the warning closes it here, so this tab does not log everyone out', async () => {
    const { onExpired } = await setup();
    advanceTo(11 * MINUTE);
    expect(dialog()).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: IDLE_ACTIVITY_STORAGE_KEY, newValue: String(Date.now()) }),
      );
    });
    advanceTo(11 * MINUTE + 1000);
    expect(dialog()).not.toBeInTheDocument();
    advanceTo(13 * MINUTE);
    expect(session.isUserLoggedIn).toBe(true);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('moving the mouse while the warning shows does not dismiss it', async () => {
    await setup();
    advanceTo(10 * MINUTE + 5000);
    act(() => {
      window.dispatchEvent(new Event('pointermove'));
    });
    advanceTo(10 * MINUTE + 10_000);
    expect(dialog()).toHaveTextContent('logged out in 110 seconds.');
  });

  it('a logout elsewhere closes the dialog without calling onExpired', async () => {
    const { onExpired } = await setup();
    advanceTo(10 * MINUTE + 1000);
    expect(dialog()).toBeInTheDocument();
    // Another tab logged out: the session store hears it through the storage event.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
    });
    advanceTo(10 * MINUTE + 2000);
    expect(session.isUserLoggedIn).toBe(false);
    expect(dialog()).not.toBeInTheDocument();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does nothing while nobody is logged in, and starts counting at login', async () => {
    await setup({ loggedIn: false });
    advanceTo(60 * MINUTE);
    expect(dialog()).toBeNull();
    act(() => session.logIn({ accessToken: jwt(5 * MINUTE), refreshToken: 'r' }));
    advanceTo(65 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    advanceTo(65 * MINUTE);
    expect(dialog()).toBeInTheDocument();
  });

  it("'Log out' ends the session at once", async () => {
    const { onExpired } = await setup();
    advanceTo(10 * MINUTE);
    await click('Log out');
    expect(session.isUserLoggedIn).toBe(false);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh on Continue Session ends the session', async () => {
    const { onExpired } = await setup({
      refresh: async () => {
        // The real refresher logs out before rejecting.
        session.logout();
        throw new Error('refresh rejected');
      },
    });
    advanceTo(10 * MINUTE);
    await click('Continue session');
    expect(session.isUserLoggedIn).toBe(false);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a Continue Session whose refresh got no answer keeps the session and the dialog, says why, and can be tried again', async () => {
    const network = "We couldn't reach the server. Check your connection and try again.";
    let attempts = 0;
    const { refresher, onExpired } = await setup({
      refresh: async () => {
        // The real refresher, after its retries, rejects without logging out when the server never answered.
        if (++attempts === 1) throw new ApiError(network, null);
        session.setTokens({ accessToken: jwt(10 * MINUTE), refreshToken: 'r2' });
      },
    });
    advanceTo(10 * MINUTE);
    await click('Continue session');
    expect(session.isUserLoggedIn).toBe(true);
    expect(onExpired).not.toHaveBeenCalled();
    expect(dialog()).toHaveTextContent(network);
    // The countdown goes on from where it paused.
    advanceTo(11 * MINUTE);
    expect(dialog()).toHaveTextContent('logged out in 60 seconds.');

    await click('Continue session');
    expect(refresher.refresh).toHaveBeenCalledTimes(2);
    expect(dialog()).not.toBeInTheDocument();
    expect(session.refreshToken).toBe('r2');
  });

  it('a tab whose timers were suspended past the deadline (sleeping laptop) logs out as soon as it wakes', async () => {
    const { onExpired } = await setup();
    advanceTo(5 * MINUTE);
    // The wall clock jumps 25 minutes while timers stand still, as during a suspend; the pending timer then
    // fires when it was due in timer time. Counting down 120 s from there would keep a dead session open.
    vi.setSystemTime(START + 30 * MINUTE);
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    expect(dialog()).not.toBeInTheDocument();
    expect(session.isUserLoggedIn).toBe(false);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('speaks French', async () => {
    await setup({ language: 'fr' });
    advanceTo(11 * MINUTE);
    const french = screen.getByRole('dialog', { name: 'Votre session va bientôt expirer' });
    expect(french).toHaveTextContent('Pour votre sécurité, vous serez déconnecté dans 60 secondes.');
    expect(screen.getByRole('button', { name: 'Poursuivre la session' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });
});
