import type { ThemeConfig } from 'antd';
import { makeAutoObservable } from 'mobx';
import type { Branding } from '../session/session-types';
import { readableBlend, readableOn, readableText } from './contrast';
import { readableTheme, SURFACES, type ReadableThemeColors } from './readable-theme';
import {
  DEFAULT_THEME_COLORS,
  isHexColor,
  normalizeHexColor,
  sanitizeThemeColors,
  type ThemeColors,
} from './theme-colors';
import { warnOnce } from './warn-once';

/** antd's error colour, the hue the portal's (readable) error text starts from. */
const ANTD_ERROR_RED = '#FF4D4F';

/**
 * antd's tags (and other light "preset colour" chips) write the palette's 7th shade on its 1st; for these hues
 * that is 2.0 to 4.4:1. Each is replaced by the same hue darkened just enough to reach 4.5:1 on its chip
 * (`readableText(shade7, [shade1])`; core/theme/antd-preset-colours.test.ts checks it against antd's palette).
 */
const READABLE_PRESET_TEXT = {
  volcano7: '#D0370D',
  orange7: '#B25A07',
  gold7: '#A16705',
  yellow7: '#8A7404',
  lime7: '#598104',
  green7: '#30860B',
  cyan7: '#078085',
} as const;

/** The colours an organisation may brand (the access-token response's `branding`). */
export type OrganizationBranding = Pick<Branding, 'primaryColor' | 'secondaryColor' | 'textColor'>;

/** Poppins first (self-hosted, see fonts.ts), then the platform's UI font if Poppins has not loaded yet. */
export const PORTAL_FONT_FAMILY =
  "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The CSS custom properties {@link ThemeRoot} writes on `<html>`, for styles outside antd. */
export type ThemeCssVariables = Record<
  | '--portal-primary'
  | '--portal-primary-contrast'
  | '--portal-secondary'
  | '--portal-secondary-contrast'
  | '--portal-text-primary'
  | '--portal-link'
  | '--portal-primary-glow'
  | '--portal-text-muted'
  | '--portal-error'
  | '--portal-background'
  | '--portal-surface',
  string
>;

/** A branding colour, or null when the organisation did not set one (a value that is not hex is reported). */
function brandingColor(branding: OrganizationBranding, key: keyof OrganizationBranding): string | null {
  const value = branding[key];
  if (value === null || value === undefined || value === '') return null;
  if (isHexColor(value)) return normalizeHexColor(value);
  warnOnce(
    `Organisation branding ${key}: ${JSON.stringify(value)} is not a hex colour of 6 or more digits; the preset's colour is used instead.`,
  );
  return null;
}

/**
 * The portal's current colours. Starts from the configured preset; organisation branding replaces the
 * preset colours while that organisation is active; `reset()` goes back to the preset.
 * Any colour that is not a hex colour of 6 or more digits falls back to the default of its slot, and every text
 * colour is kept readable on what it is written on (WCAG AA, see {@link readableTheme} and docs/theming.md).
 * Not persisted: the session re-applies branding (see {@link followSessionBranding}).
 * @example
 * const theme = new ThemeStore(await loadConfiguredTheme(config.theme));
 * binder.constant(ThemeStore, theme);
 * theme.applyBranding(accessResponse.branding);
 */
export class ThemeStore implements ReadableThemeColors {
  primary = DEFAULT_THEME_COLORS.primary;
  primaryContrast = DEFAULT_THEME_COLORS.primaryContrast;
  secondary = DEFAULT_THEME_COLORS.secondary;
  secondaryContrast = DEFAULT_THEME_COLORS.secondaryContrast;
  textPrimary = DEFAULT_THEME_COLORS.textPrimary;
  link = DEFAULT_THEME_COLORS.primary;
  /** What `reset()` returns to: the configured preset, sanitised and made readable. */
  preset: ReadableThemeColors = { ...DEFAULT_THEME_COLORS, link: DEFAULT_THEME_COLORS.primary };

  constructor(preset: Partial<ThemeColors> = DEFAULT_THEME_COLORS) {
    makeAutoObservable(this);
    this.applyPreset(preset);
  }

  get colors(): ThemeColors {
    const { primary, primaryContrast, secondary, secondaryContrast, textPrimary } = this;
    return { primary, primaryContrast, secondary, secondaryContrast, textPrimary };
  }

  /** Makes these colours the preset (what `reset()` returns to) and shows them. */
  applyPreset(colors: Partial<ThemeColors>): void {
    this.preset = readableTheme(
      sanitizeThemeColors(colors),
      'theme.preset and theme.colors of portal.config.json',
    );
    this.show(this.preset);
  }

  /**
   * Shows an organisation's colours instead of the preset's. The organisation's `textColor` is the text on its
   * primary colour (header, primary buttons, brand panel), never the body text, which stays the preset's. A
   * colour the organisation did not set, or set to something that is not a hex code, keeps the preset's value;
   * text on a branded colour with no text colour of its own is chosen for contrast. `null` shows the preset.
   */
  applyBranding(branding: OrganizationBranding | null | undefined): void {
    if (!branding) return this.reset();
    const primary = brandingColor(branding, 'primaryColor');
    const secondary = brandingColor(branding, 'secondaryColor');
    const textColor = brandingColor(branding, 'textColor');
    const { textPrimary } = this.preset;
    const branded: ThemeColors = {
      primary: primary ?? this.preset.primary,
      primaryContrast:
        textColor ?? (primary ? readableOn(primary, textPrimary) : this.preset.primaryContrast),
      secondary: secondary ?? this.preset.secondary,
      secondaryContrast: secondary ? readableOn(secondary, textPrimary) : this.preset.secondaryContrast,
      textPrimary,
    };
    this.show(readableTheme(branded, 'organisation branding'));
  }

  /** Back to the configured preset (logout, SSO landing, leaving an organisation). */
  reset(): void {
    this.show(this.preset);
  }

  /**
   * Secondary-importance text (descriptions, captions, placeholders): antd draws it at 45 % of the body text
   * colour, about 2.8:1 on white, so it is replaced by the nearest colour that reaches WCAG AA on the surfaces.
   */
  get mutedText(): string {
    return readableText(`${this.textPrimary.slice(0, 7)}73`, [SURFACES.background, SURFACES.surface]);
  }

  /**
   * Error text (field messages, error alerts): antd's red #FF4D4F is 3.3:1 on white, so it is darkened to the
   * nearest red that reaches WCAG AA on the surfaces (docs/accessibility.md).
   */
  get errorText(): string {
    return readableText(ANTD_ERROR_RED, [SURFACES.background, SURFACES.surface]);
  }

  /**
   * The secondary colour blended into the primary only as far as the text on the primary stays readable: the
   * far end of auth variant 3's background, where the brand name and the language switcher sit on it.
   */
  get primaryGlow(): string {
    return readableBlend(this.primary, this.secondary, this.primaryContrast);
  }

  /** antd's theme for `ConfigProvider`: primary drives buttons and focus rings; text and links stay readable. */
  get antdTheme(): ThemeConfig {
    return {
      token: {
        colorPrimary: this.primary,
        colorInfo: this.primary,
        colorLink: this.link,
        colorTextBase: this.textPrimary,
        colorTextTertiary: this.mutedText,
        colorTextDescription: this.mutedText,
        colorTextPlaceholder: this.mutedText,
        colorError: this.errorText,
        ...READABLE_PRESET_TEXT,
        // antd derives the info alert's background from colorInfo; from a dark brand colour that is a mid grey
        // the body text does not read on (3.5:1), so it is a light wash of the brand colour instead.
        colorInfoBg: `${this.primary.slice(0, 7)}14`,
        colorInfoBorder: `${this.primary.slice(0, 7)}40`,
        colorBgLayout: SURFACES.background,
        colorBgContainer: SURFACES.surface,
        fontFamily: PORTAL_FONT_FAMILY,
        borderRadius: 6,
      },
      components: {
        Button: { primaryColor: this.primaryContrast },
        // The side menu's current page in the readable link colour on the page surface; antd writes it in the
        // brand colour itself, which a light brand (yellow) leaves unreadable on white.
        Menu: { itemSelectedColor: this.link, itemSelectedBg: SURFACES.background },
      },
    };
  }

  get cssVariables(): ThemeCssVariables {
    return {
      '--portal-primary': this.primary,
      '--portal-primary-contrast': this.primaryContrast,
      '--portal-secondary': this.secondary,
      '--portal-secondary-contrast': this.secondaryContrast,
      '--portal-text-primary': this.textPrimary,
      '--portal-link': this.link,
      '--portal-primary-glow': this.primaryGlow,
      '--portal-text-muted': this.mutedText,
      '--portal-error': this.errorText,
      '--portal-background': SURFACES.background,
      '--portal-surface': SURFACES.surface,
    };
  }

  private show(colors: ReadableThemeColors): void {
    Object.assign(this, colors);
  }
}
