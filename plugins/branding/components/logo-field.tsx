import type { LogoVariant } from '@contract/v1/branding-limits';
import { useApiAssetUrl } from '@core';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingEditorStore } from '../stores/branding-editor-store';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml,.png,.jpg,.jpeg,.webp,.svg';

/**
 * One logo: what is shown now (the chosen file, else the saved logo, else the brand name), a button that opens the
 * file chooser, and what is wrong with a refused file. Choosing a file changes only this logo's unsaved edit.
 */
export const LogoField = observer(function LogoField({
  store,
  variant,
}: {
  store: BrandingEditorStore;
  variant: LogoVariant;
}) {
  const { t } = useTranslation('branding');
  const assetUrl = useApiAssetUrl();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const statusId = useId();
  const label = t(`logos.${variant}`);
  // A saved logo is a path on the API, which may be on another origin than the portal; a chosen one a data: URL.
  const url = assetUrl(store.logoUrl(variant));
  const chosen = store.logos[variant];
  const problem = store.logoProblems[variant];
  return (
    <div className="branding-logo" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="branding-colour__label">
        {label}
      </span>
      <div className={`branding-logo__frame branding-logo__frame--${variant}`}>
        {url ? (
          <img src={url} alt={label} className="branding-logo__image" />
        ) : (
          <span className="branding-logo__none">{t('logos.none')}</span>
        )}
      </div>
      <div className="branding-logo__actions">
        <Button onClick={() => input.current?.click()} aria-describedby={statusId}>
          {t('logos.choose', { label: label.toLowerCase() })}
        </Button>
        {chosen && (
          <Button type="link" onClick={() => store.discardLogo(variant)}>
            {t('logos.discard')}
          </Button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid={`logo-input-${variant}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void store.chooseLogo(variant, file);
        }}
      />
      <div id={statusId}>
        {problem ? (
          <p className="branding-error" role="alert">
            {t(`logos.problem.${problem}`)}
          </p>
        ) : chosen ? (
          <p className="branding-hint">{t('logos.chosen', { name: chosen.name })}</p>
        ) : null}
      </div>
    </div>
  );
});
