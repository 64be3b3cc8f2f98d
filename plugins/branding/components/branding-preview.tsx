import { PortalConfig, useApiAssetUrl, useService } from '@core';
import { observer } from 'mobx-react-lite';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingEditorStore } from '../stores/branding-editor-store';

type Mode = 'light' | 'dark';

/** The surfaces the portal draws in each mode; only the brand's colours and logos come from the editor. */
const SURFACES: Record<Mode, { page: string; card: string; text: string; border: string }> = {
  light: { page: '#F5F7FB', card: '#FFFFFF', text: '#1B2233', border: '#D9DEE8' },
  dark: { page: '#141414', card: '#1F1F1F', text: '#E6E6E6', border: '#3A3A3A' },
};

function Logo({ url, brand, className }: { url: string | null; brand: string; className: string }) {
  return url ? <img src={url} alt="" className={className} /> : <span className={className}>{brand}</span>;
}

/**
 * The portal as it will look with the edited branding, in one mode: header, side menu, login card and a primary
 * button, painted from the editor's current (valid) colours and logos as they change. It is a picture, not a
 * form: its parts are not interactive and the figure's caption says what it shows.
 */
const PreviewPane = observer(function PreviewPane({
  store,
  mode,
}: {
  store: BrandingEditorStore;
  mode: Mode;
}) {
  const { t } = useTranslation('branding');
  const config = useService(PortalConfig);
  const captionId = useId();
  const { primaryColor, secondaryColor, textColor } = store.preview;
  const surface = SURFACES[mode];
  const assetUrl = useApiAssetUrl();
  // A saved logo is a path on the API, which may be on another origin than the portal.
  const logo = assetUrl(
    mode === 'dark' ? (store.logoUrl('darkLogo') ?? store.logoUrl('logo')) : store.logoUrl('logo'),
  );
  const onBrand: CSSProperties = { background: primaryColor, color: textColor };
  const modeName = t(`preview.${mode}`);
  return (
    <figure className="branding-preview" aria-labelledby={captionId} data-testid={`preview-${mode}`}>
      <figcaption id={captionId} className="branding-preview__caption">
        {modeName}
        <span className="branding-visually-hidden">
          {' '}
          {t('preview.description', { mode: modeName.toLowerCase() })}
        </span>
      </figcaption>
      <div
        className="branding-preview__screen"
        style={{ background: surface.page, color: surface.text }}
        aria-hidden="true"
      >
        <div className="branding-preview__header" style={onBrand} data-testid={`preview-${mode}-header`}>
          <Logo url={logo} brand={config.brandName} className="branding-preview__header-logo" />
        </div>
        <div className="branding-preview__body">
          <ul
            className="branding-preview__menu"
            style={{ background: surface.card, borderColor: surface.border }}
          >
            <li>{t('preview.menuApps')}</li>
            <li>{t('preview.menuUsers')}</li>
            <li
              className="branding-preview__menu-selected"
              style={onBrand}
              data-testid={`preview-${mode}-menu-selected`}
            >
              {t('preview.menuBranding')}
            </li>
          </ul>
          <div
            className="branding-preview__card"
            style={{ background: surface.card, borderColor: surface.border, borderTopColor: secondaryColor }}
            data-testid={`preview-${mode}-card`}
          >
            <Logo url={logo} brand={config.brandName} className="branding-preview__card-logo" />
            <strong className="branding-preview__card-title">{t('preview.loginTitle')}</strong>
            <span className="branding-preview__field" style={{ borderColor: surface.border }}>
              {t('preview.email')}
            </span>
            <span className="branding-preview__field" style={{ borderColor: surface.border }}>
              {t('preview.password')}
            </span>
            <span className="branding-preview__button" style={onBrand} data-testid={`preview-${mode}-button`}>
              {t('preview.login')}
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
});

/** The preview in light and in dark, side by side where there is room. */
export function BrandingPreview({ store }: { store: BrandingEditorStore }) {
  return (
    <div className="branding-previews">
      <PreviewPane store={store} mode="light" />
      <PreviewPane store={store} mode="dark" />
    </div>
  );
}
