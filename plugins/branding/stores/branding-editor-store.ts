import { AA_CONTRAST, contrastRatio, normalizeHexColor, type PortalKey, type ThemeColors } from '@core';
import { isBrandColour } from '@contract/rules/colour';
import { LOGO_VARIANTS, type LogoVariant } from '@contract/v1/branding-limits';
import type { PortalBranding } from '@contract/v1/branding';
import { makeAutoObservable, runInAction } from 'mobx';
import type { BrandingApi } from '../api/branding-api';
import { checkLogoFile, type LogoProblem } from './logo-file';

export type ColourSlot = 'primaryColor' | 'secondaryColor' | 'textColor';
export const COLOUR_SLOTS: readonly ColourSlot[] = ['primaryColor', 'secondaryColor', 'textColor'];
export const LOGO_SLOTS: readonly LogoVariant[] = LOGO_VARIANTS;

const WHITE = '#FFFFFF';

export type EditorStatus = 'loading' | 'ready' | 'failed';

/** A logo chosen in this session and not saved yet: what the preview shows and the upload sends. */
export interface ChosenLogo {
  dataUrl: string;
  name: string;
}

/** The colours the preview paints and the contrast report measures (valid typed colours, else the saved ones). */
export type PreviewColours = Record<ColourSlot, string>;

/** The product colour a slot shows while the organisation has not set its own. */
function productDefault(slot: ColourSlot, defaults: ThemeColors): string {
  if (slot === 'primaryColor') return defaults.primary;
  if (slot === 'secondaryColor') return defaults.secondary;
  return defaults.primaryContrast;
}

/**
 * One portal's branding being edited: what the server holds for every portal (the tabs show their names), the
 * unsaved edits of this portal (colours as typed, logos chosen), the preview and the WCAG contrast of what would be
 * saved. A refused logo leaves every other edit as it was; a failed save keeps the whole form.
 * @example
 * const store = new BrandingEditorStore(api, 'kreanoAccount', theme.preset, onSaved);
 * useEffect(() => store.start(), [store]);
 */
export class BrandingEditorStore {
  status: EditorStatus = 'loading';
  /** Every portal's saved branding, in the catalogue's order. */
  portals: PortalBranding[] = [];
  colours: Record<ColourSlot, string> = { primaryColor: '', secondaryColor: '', textColor: '' };
  logos: Record<LogoVariant, ChosenLogo | null> = { logo: null, darkLogo: null };
  logoProblems: Record<LogoVariant, LogoProblem | null> = { logo: null, darkLogo: null };
  applyToAll = false;
  busy: 'saving' | 'resetting' | null = null;
  /** The server removed active content from the last SVG uploaded (scripts, handlers, external references). */
  svgCleaned = false;

  private controller: AbortController | null = null;

  constructor(
    private readonly api: BrandingApi,
    /** The portal this editor brands. */
    readonly portalKey: PortalKey,
    /** The product's colours: what a portal without its own shows, and what reset returns to. */
    private readonly defaults: ThemeColors,
    /** Told after every successful save or reset, with every portal that changed. */
    private readonly onSaved: (changed: PortalBranding[]) => void,
  ) {
    makeAutoObservable<BrandingEditorStore, 'api' | 'defaults' | 'onSaved' | 'controller'>(
      this,
      { api: false, portalKey: false, defaults: false, onSaved: false, controller: false },
      { autoBind: true },
    );
  }

  /** Loads now; returns the stop for an effect. */
  start(): () => void {
    void this.load();
    return () => this.controller?.abort();
  }

  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    try {
      const portals = await this.api.list(controller.signal);
      runInAction(() => {
        this.portals = portals;
        this.showSaved();
        this.status = this.saved ? 'ready' : 'failed';
      });
    } catch {
      if (controller.signal.aborted) return;
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** This portal's saved branding (null before it loaded). */
  get saved(): PortalBranding | null {
    return this.portals.find((p) => p.portalKey === this.portalKey) ?? null;
  }

  /** The name the directory gives a portal, when loaded. */
  portalName(key: PortalKey): string | null {
    return this.portals.find((p) => p.portalKey === key)?.portalName ?? null;
  }

  setColour(slot: ColourSlot, value: string): void {
    this.colours[slot] = value.trim();
  }

  setApplyToAll(value: boolean): void {
    this.applyToAll = value;
  }

  /** Checks a chosen file; a refused one is reported for its slot and changes nothing else. */
  async chooseLogo(slot: LogoVariant, file: File): Promise<void> {
    const check = await checkLogoFile(file);
    runInAction(() => {
      if (check.ok) {
        this.logos[slot] = { dataUrl: check.dataUrl, name: check.name };
        this.logoProblems[slot] = null;
      } else {
        this.logoProblems[slot] = check.problem;
      }
    });
  }

  /** Drops a chosen, unsaved logo. */
  discardLogo(slot: LogoVariant): void {
    this.logos[slot] = null;
    this.logoProblems[slot] = null;
  }

  isInvalid(slot: ColourSlot): boolean {
    return !isBrandColour(this.colours[slot]);
  }

  get isValid(): boolean {
    return COLOUR_SLOTS.every((slot) => !this.isInvalid(slot));
  }

  private savedColour(slot: ColourSlot): string {
    const saved = this.saved?.[slot];
    return saved && isBrandColour(saved) ? saved : productDefault(slot, this.defaults);
  }

  get coloursChanged(): boolean {
    return COLOUR_SLOTS.some(
      (slot) => this.colours[slot].toUpperCase() !== this.savedColour(slot).toUpperCase(),
    );
  }

  get dirty(): boolean {
    return this.coloursChanged || LOGO_SLOTS.some((slot) => this.logos[slot] !== null);
  }

  /** Each slot as the preview paints it: the typed colour while it is valid, else the saved one. */
  get preview(): PreviewColours {
    const pick = (slot: ColourSlot) =>
      normalizeHexColor(isBrandColour(this.colours[slot]) ? this.colours[slot] : this.savedColour(slot));
    return {
      primaryColor: pick('primaryColor'),
      secondaryColor: pick('secondaryColor'),
      textColor: pick('textColor'),
    };
  }

  /** The logo the preview shows for a slot: the chosen file, else the saved one, else none (the brand name). */
  logoUrl(slot: LogoVariant): string | null {
    return this.logos[slot]?.dataUrl ?? this.saved?.[slot] ?? null;
  }

  /** WCAG contrast of the text colour on the primary colour, and of the primary colour on white (links, outlines). */
  get contrast(): { textOnPrimary: number; primaryOnWhite: number } {
    const { primaryColor, textColor } = this.preview;
    return {
      textOnPrimary: contrastRatio(textColor, primaryColor),
      primaryOnWhite: contrastRatio(primaryColor, WHITE),
    };
  }

  get contrastFails(): boolean {
    const { textOnPrimary, primaryOnWhite } = this.contrast;
    return textOnPrimary < AA_CONTRAST || primaryOnWhite < AA_CONTRAST;
  }

  /**
   * Sends the colours (when changed, or to copy them to every portal) and each newly chosen logo. Resolves true
   * when everything was saved; on a refusal the form stays as typed (the HTTP client shows the server's reason).
   */
  async save(): Promise<boolean> {
    if (!this.isValid || this.busy) return false;
    this.busy = 'saving';
    const setToAllPortal = this.applyToAll;
    const changed = new Map<string, PortalBranding>();
    try {
      if (this.coloursChanged || setToAllPortal) {
        const portals = await this.api.saveColours({
          portalId: this.portalKey,
          primaryColor: this.colours.primaryColor,
          secondaryColor: this.colours.secondaryColor,
          textColor: this.colours.textColor,
          setToAllPortal,
        });
        runInAction(() => this.merge(portals, changed));
      }
      for (const variant of LOGO_SLOTS) {
        const chosen = this.logos[variant];
        if (!chosen) continue;
        const answer = await this.api.uploadLogo({
          portalId: this.portalKey,
          variant,
          data: chosen.dataUrl.slice(chosen.dataUrl.indexOf(',') + 1),
          setToAllPortal,
        });
        runInAction(() => {
          this.merge(answer.portals, changed);
          this.logos[variant] = null;
          this.svgCleaned = answer.cleaned;
        });
      }
      runInAction(() => this.showSavedColours());
      if (changed.size > 0) this.onSaved([...changed.values()]);
      return true;
    } catch {
      if (changed.size > 0) this.onSaved([...changed.values()]);
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** Back to the product defaults, for this portal or every portal; unsaved edits go too. */
  async reset(): Promise<boolean> {
    if (this.busy) return false;
    this.busy = 'resetting';
    try {
      const portals = await this.api.reset({ portalId: this.portalKey, setToAllPortal: this.applyToAll });
      runInAction(() => {
        this.merge(portals, new Map());
        this.showSaved();
        this.svgCleaned = false;
      });
      this.onSaved(portals);
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  private merge(portals: PortalBranding[], changed: Map<string, PortalBranding>): void {
    for (const portal of portals) {
      changed.set(portal.portalKey, portal);
      const index = this.portals.findIndex((p) => p.portalKey === portal.portalKey);
      if (index >= 0) this.portals[index] = portal;
      else this.portals.push(portal);
    }
  }

  private showSavedColours(): void {
    for (const slot of COLOUR_SLOTS) this.colours[slot] = this.savedColour(slot);
  }

  private showSaved(): void {
    this.showSavedColours();
    this.logos = { logo: null, darkLogo: null };
    this.logoProblems = { logo: null, darkLogo: null };
  }
}
