import { SessionStore } from '../session/session-store';
import { followSessionBranding } from './follow-session-branding';
import { contrastRatio, DEFAULT_THEME_COLORS } from './theme-colors';
import { ThemeStore } from './theme-store';

const ocean = {
  primary: '#006D77',
  primaryContrast: '#FFFFFF',
  secondary: '#83C5BE',
  secondaryContrast: '#003840',
  textPrimary: '#102A2F',
};

describe('ThemeStore', () => {
  it('starts with a dark navy primary and white text on it', () => {
    const theme = new ThemeStore();
    expect(theme.primary).toBe('#0B1F44');
    expect(theme.primaryContrast).toBe('#FFFFFF');
    expect(theme.antdTheme.token?.colorPrimary).toBe('#0B1F44');
  });

  it.each(['navy', '#12345', '#1234567', '#GG0000', '#FFF', 'rgb(0,0,0)', '', null, 42])(
    'an invalid colour %j falls back to the default of its slot',
    (bad) => {
      const theme = new ThemeStore({ ...ocean, primary: bad as string, textPrimary: bad as string });
      expect(theme.primary).toBe(DEFAULT_THEME_COLORS.primary);
      expect(theme.textPrimary).toBe(DEFAULT_THEME_COLORS.textPrimary);
      expect(theme.secondary).toBe('#83C5BE');
    },
  );

  it('accepts #RRGGBBAA colours', () => {
    const theme = new ThemeStore({ primary: '#006d77cc' });
    expect(theme.primary).toBe('#006D77CC');
  });

  it('organisation branding replaces the preset colours and reset() brings the preset back', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#C0392B', secondaryColor: '#F1C40F', textColor: '#222222' });
    expect(theme.colors).toMatchObject({ primary: '#C0392B', secondary: '#F1C40F', textPrimary: '#222222' });
    expect(theme.antdTheme.token).toMatchObject({ colorPrimary: '#C0392B', colorTextBase: '#222222' });
    theme.reset();
    expect(theme.colors).toEqual(ocean);
  });

  it('keeps text readable on branded colours: white on a dark primary, dark text on a light secondary', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#1A237E', secondaryColor: '#FFEB3B', textColor: null });
    expect(theme.primaryContrast).toBe('#FFFFFF');
    expect(contrastRatio(theme.secondary, theme.secondaryContrast)).toBeGreaterThanOrEqual(4.5);
    expect(theme.secondaryContrast).toBe(ocean.textPrimary);
  });

  it('a branding colour that is missing or not hex keeps the preset colour of that slot', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: 'red', secondaryColor: undefined, textColor: '#12' });
    expect(theme.colors).toEqual(ocean);
  });

  it('exposes the colours as --portal-* CSS variables', () => {
    expect(new ThemeStore(ocean).cssVariables).toEqual({
      '--portal-primary': '#006D77',
      '--portal-primary-contrast': '#FFFFFF',
      '--portal-secondary': '#83C5BE',
      '--portal-secondary-contrast': '#003840',
      '--portal-text-primary': '#102A2F',
    });
  });
});

describe('followSessionBranding', () => {
  it('shows the selected organisation branding and returns to the preset on logout', async () => {
    const session = new SessionStore(window.localStorage);
    await session.ready;
    const theme = new ThemeStore(ocean);
    const stop = followSessionBranding(theme, session);
    try {
      session.logIn({ accessToken: 'a', refreshToken: 'r' });
      session.setOrganizations([
        {
          organizationId: 'o1',
          organizationName: 'Acme',
          accountType: 'business',
          role: 'owner',
          enabled: true,
          portals: {},
          branding: { primaryColor: '#C0392B', secondaryColor: null, textColor: null },
        },
      ]);
      expect(theme.primary).toBe(ocean.primary);
      session.selectOrganization({ organizationId: 'o1', role: 'owner' }, { accessToken: 'a2', refreshToken: 'r2' });
      expect(theme.primary).toBe('#C0392B');
      session.logout();
      expect(theme.colors).toEqual(ocean);
    } finally {
      stop();
      session.dispose();
    }
  });
});
