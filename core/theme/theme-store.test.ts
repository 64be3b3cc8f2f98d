import type { MockInstance } from 'vitest';
import { SessionStore } from '../session/session-store';
import { AA_CONTRAST, contrastRatio } from './contrast';
import { followSessionBranding } from './follow-session-branding';
import { themeContrasts } from './readable-theme';
import { DEFAULT_THEME_COLORS } from './theme-colors';
import { ThemeStore } from './theme-store';
import { resetWarnings } from './warn-once';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  resetWarnings();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

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

  it.each(['navy', '#12345', '#GG0000', '#FFF', '#FFFF', 'rgb(0,0,0)', '', null, 42])(
    'an invalid colour %j falls back to the default of its slot',
    (bad) => {
      const theme = new ThemeStore({ ...ocean, primary: bad as string, textPrimary: bad as string });
      expect(theme.primary).toBe(DEFAULT_THEME_COLORS.primary);
      expect(theme.textPrimary).toBe(DEFAULT_THEME_COLORS.textPrimary);
      expect(theme.secondary).toBe('#83C5BE');
    },
  );

  it('accepts hex colours of 6 or more digits: #RRGGBBAA keeps its opacity, other lengths keep the colour', () => {
    expect(new ThemeStore({ primary: '#006d77cc' }).primary).toBe('#006D77CC');
    expect(new ThemeStore({ primary: '#006d771' }).primary).toBe('#006D77');
    expect(new ThemeStore({ primary: '#006d77cc12' }).primary).toBe('#006D77CC');
  });

  it('organisation branding replaces the preset colours and reset() brings the preset back', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#1A237E', secondaryColor: '#F1C40F', textColor: '#FAFAFA' });
    expect(theme.colors).toMatchObject({
      primary: '#1A237E',
      primaryContrast: '#FAFAFA',
      secondary: '#F1C40F',
    });
    expect(theme.antdTheme.token).toMatchObject({
      colorPrimary: '#1A237E',
      colorTextBase: ocean.textPrimary,
    });
    expect(theme.antdTheme.components?.Button).toMatchObject({ primaryColor: '#FAFAFA' });
    theme.reset();
    expect(theme.colors).toEqual(ocean);
  });

  it("uses the organisation's textColor on its brand colour only, never as body text (Acme: white on navy)", () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#0b1f44', secondaryColor: '#f5a623', textColor: '#ffffff' });
    expect(theme.primaryContrast).toBe('#FFFFFF');
    expect(theme.textPrimary).toBe(ocean.textPrimary);
    expect(theme.antdTheme.token?.colorTextBase).toBe(ocean.textPrimary);
    expect(theme.cssVariables['--portal-text-primary']).toBe(ocean.textPrimary);
    for (const { pair, ratio } of themeContrasts(theme))
      expect(ratio, pair).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(warn).not.toHaveBeenCalled();
  });

  it('replaces a branded text colour that does not read on the brand colour, and warns once naming the pair', () => {
    const theme = new ThemeStore(ocean);
    const branding = { primaryColor: '#F5A623', secondaryColor: null, textColor: '#FFFFFF' };
    theme.applyBranding(branding);
    expect(theme.primaryContrast).not.toBe('#FFFFFF');
    expect(contrastRatio(theme.primaryContrast, '#F5A623')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(
        /organisation branding.*primaryContrast #FFFFFF on primary #F5A623 has a contrast of 2\.\d\d:1, below 4\.5:1/,
      ),
      // The orange as link text on white is not readable either.
      expect.stringMatching(/primary #F5A623 as link text on #F5F7FB and #FFFFFF/),
    ]);
    theme.reset();
    theme.applyBranding(branding);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps links readable on light surfaces when the primary colour is light, and buttons keep the primary', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#FFEB3B', secondaryColor: null, textColor: null });
    expect(theme.antdTheme.token?.colorPrimary).toBe('#FFEB3B');
    expect(contrastRatio(theme.link, '#FFFFFF')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(theme.antdTheme.token?.colorLink).toBe(theme.link);
    expect(theme.cssVariables['--portal-link']).toBe(theme.link);
    expect(contrastRatio(theme.primaryContrast, '#FFEB3B')).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("writes the side menu's current page and draws its fold toggle readably, whatever the brand", () => {
    const theme = new ThemeStore(ocean);
    for (const branding of [null, { primaryColor: '#FFEB3B', secondaryColor: null, textColor: '#EEEEEE' }]) {
      if (branding) theme.applyBranding(branding);
      const menu = theme.antdTheme.components!.Menu!;
      expect(contrastRatio(menu.itemSelectedColor!, menu.itemSelectedBg!)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // The fold toggle's icon (app-layout.css) is in the muted text colour: 3:1 on white at least (WCAG 1.4.11).
      expect(contrastRatio(theme.cssVariables['--portal-text-muted'], '#FFFFFF')).toBeGreaterThanOrEqual(3);
    }
  });

  it('makes a configured pair that fails readable too, with a warning', () => {
    const theme = new ThemeStore({ ...ocean, textPrimary: '#BBBBBB' });
    expect(contrastRatio(theme.textPrimary, '#F5F7FB')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(theme.preset.textPrimary).toBe(theme.textPrimary);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /portal\.config\.json\): textPrimary #BBBBBB \(body text\) on #F5F7FB and #FFFFFF/,
      ),
    );
  });

  it('keeps text readable on branded colours: white on a dark primary, dark text on a light secondary', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: '#1A237E', secondaryColor: '#FFEB3B', textColor: null });
    expect(theme.primaryContrast).toBe('#FFFFFF');
    expect(contrastRatio(theme.secondary, theme.secondaryContrast)).toBeGreaterThanOrEqual(4.5);
    expect(theme.secondaryContrast).toBe(ocean.textPrimary);
  });

  it('a branding colour that is missing or not hex keeps the preset colour of that slot, warning about the bad one', () => {
    const theme = new ThemeStore(ocean);
    theme.applyBranding({ primaryColor: 'red', secondaryColor: undefined, textColor: '#12' });
    expect(theme.colors).toEqual(ocean);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringContaining('Organisation branding primaryColor: "red" is not a hex colour'),
      expect.stringContaining('Organisation branding textColor: "#12" is not a hex colour'),
    ]);
  });

  it("blends the secondary colour into variant 3's background only as far as the brand's text stays readable", () => {
    const theme = new ThemeStore();
    expect(theme.primaryGlow).not.toBe(theme.primary);
    expect(theme.primaryGlow).not.toBe(theme.secondary);
    expect(contrastRatio(theme.primaryContrast, theme.primaryGlow)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(theme.primaryContrast, theme.primaryGlow)).toBeLessThan(4.7);
  });

  it('exposes the colours as --portal-* CSS variables', () => {
    expect(new ThemeStore(ocean).cssVariables).toEqual({
      '--portal-primary': '#006D77',
      '--portal-primary-contrast': '#FFFFFF',
      '--portal-secondary': '#83C5BE',
      '--portal-secondary-contrast': '#003840',
      '--portal-text-primary': '#102A2F',
      '--portal-link': '#006D77',
      '--portal-primary-glow': expect.stringMatching(/^#[0-9A-F]{6}$/),
      '--portal-text-muted': expect.stringMatching(/^#[0-9A-F]{6}$/),
      '--portal-error': expect.stringMatching(/^#[0-9A-F]{6}$/),
      '--portal-background': '#F5F7FB',
      '--portal-surface': '#FFFFFF',
    });
  });
});

describe('followSessionBranding', () => {
  it('shows the selected organisation branding and returns to the preset on logout', async () => {
    const session = new SessionStore(window.localStorage);
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
      session.selectOrganization(
        { organizationId: 'o1', role: 'owner' },
        { accessToken: 'a2', refreshToken: 'r2' },
      );
      expect(theme.primary).toBe('#C0392B');
      session.logout();
      expect(theme.colors).toEqual(ocean);
    } finally {
      stop();
      session.dispose();
    }
  });
});
