import type { ThemeConfig } from 'antd';
import { makeAutoObservable } from 'mobx';
import type { Branding } from '../session/session-types';
import { DEFAULT_THEME_COLORS, isHexColor, readableOn, sanitizeThemeColors, type ThemeColors } from './theme-colors';

/** The colours an organisation may brand (the access-token response's `branding`). */
export type OrganizationBranding = Pick<Branding, 'primaryColor' | 'secondaryColor' | 'textColor'>;

/** Poppins first (self-hosted, see fonts.ts), then the platform's UI font if Poppins has not loaded yet. */
export const PORTAL_FONT_FAMILY =
  "Poppins, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The CSS custom properties {@link ThemeRoot} writes on `<html>`, for styles outside antd. */
export type ThemeCssVariables = Record<
  '--portal-primary' | '--portal-primary-contrast' | '--portal-secondary' | '--portal-secondary-contrast' | '--portal-text-primary',
  string
>;

/**
 * The portal's current colours. Starts from the configured preset; organisation branding replaces the
 * preset colours while that organisation is active; `reset()` goes back to the preset.
 * Any colour that is not `#RRGGBB` or `#RRGGBBAA` falls back to the default of its slot.
 * Not persisted: the session re-applies branding (see {@link followSessionBranding}).
 * @example
 * const theme = new ThemeStore(await loadConfiguredTheme(config.theme));
 * binder.constant(ThemeStore, theme);
 * theme.applyBranding(accessResponse.branding);
 */
export class ThemeStore implements ThemeColors {
  primary = DEFAULT_THEME_COLORS.primary;
  primaryContrast = DEFAULT_THEME_COLORS.primaryContrast;
  secondary = DEFAULT_THEME_COLORS.secondary;
  secondaryContrast = DEFAULT_THEME_COLORS.secondaryContrast;
  textPrimary = DEFAULT_THEME_COLORS.textPrimary;
  /** What `reset()` returns to: the configured preset, already sanitised. */
  preset: ThemeColors = { ...DEFAULT_THEME_COLORS };

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
    this.preset = sanitizeThemeColors(colors);
    this.show(this.preset);
  }

  /**
   * Shows an organisation's colours instead of the preset's. A colour the organisation did not set, or set
   * to something that is not a hex code, keeps the preset's value; the text shown on the organisation's
   * primary and secondary colours is chosen for contrast. `null` (no branding) shows the preset.
   */
  applyBranding(branding: OrganizationBranding | null | undefined): void {
    if (!branding) return this.reset();
    const primary = isHexColor(branding.primaryColor) ? branding.primaryColor : null;
    const secondary = isHexColor(branding.secondaryColor) ? branding.secondaryColor : null;
    const textPrimary = isHexColor(branding.textColor) ? branding.textColor : this.preset.textPrimary;
    this.show(
      sanitizeThemeColors(
        {
          primary: primary ?? this.preset.primary,
          primaryContrast: primary ? readableOn(primary, textPrimary) : this.preset.primaryContrast,
          secondary: secondary ?? this.preset.secondary,
          secondaryContrast: secondary ? readableOn(secondary, textPrimary) : this.preset.secondaryContrast,
          textPrimary,
        },
        this.preset,
      ),
    );
  }

  /** Back to the configured preset (logout, SSO landing, leaving an organisation). */
  reset(): void {
    this.show(this.preset);
  }

  /** antd's theme for `ConfigProvider`: primary drives buttons, links and focus rings. */
  get antdTheme(): ThemeConfig {
    return {
      token: {
        colorPrimary: this.primary,
        colorInfo: this.primary,
        colorLink: this.primary,
        colorTextBase: this.textPrimary,
        fontFamily: PORTAL_FONT_FAMILY,
        borderRadius: 6,
      },
      components: {
        Button: { primaryColor: this.primaryContrast },
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
    };
  }

  private show(colors: ThemeColors): void {
    Object.assign(this, colors);
  }
}
