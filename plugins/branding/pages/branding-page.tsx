import { AppPage, ConfirmDialog, PortalConfig, SessionStore, ThemeStore, useService } from '@core';
import type { PortalBranding } from '@contract/v1/branding';
import { Alert, Button, Checkbox, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandingApi } from '../api/branding-api';
import { BrandingNav } from '../components/branding-nav';
import { BrandingPreview } from '../components/branding-preview';
import { ColourField } from '../components/colour-field';
import { ContrastReport, formatRatio } from '../components/contrast-report';
import { LogoField } from '../components/logo-field';
import { BRANDING_TABS, type BrandingTab } from '../portal-tabs';
import { applySavedBranding } from '../stores/apply-saved-branding';
import { BrandingEditorStore, LOGO_SLOTS } from '../stores/branding-editor-store';
import '../components/branding.css';

/** `/branding/<tab>` (docs/branding.md): one portal's logos, colours, contrast and live preview. */
const BrandingPage = observer(function BrandingPage({ tab }: { tab: BrandingTab }) {
  const { t, i18n } = useTranslation('branding');
  const api = useService(BrandingApi);
  const session = useService(SessionStore);
  const theme = useService(ThemeStore);
  const config = useService(PortalConfig);
  const logosId = useId();
  const coloursId = useId();
  const previewId = useId();
  const portalKey = BRANDING_TABS.find((entry) => entry.tab === tab)!.portalKey;
  const [store] = useState(
    () =>
      new BrandingEditorStore(api, portalKey, theme.preset, (changed: PortalBranding[]) =>
        applySavedBranding(session, config.portalKey, changed),
      ),
  );
  const [asking, setAsking] = useState<'contrast' | 'reset' | null>(null);
  useEffect(() => store.start(), [store]);

  const portal = store.portalName(portalKey) ?? t(`portals.${portalKey}`);
  const save = () => {
    setAsking(null);
    void store.save();
  };
  const reset = () => {
    setAsking(null);
    void store.reset();
  };
  const ratio = (value: number) => formatRatio(value, i18n.language);

  return (
    <AppPage
      title={t('title')}
      tabs={<BrandingNav store={store} />}
      intro={t('intro', { brand: config.brandName })}
    >
      {store.status === 'loading' && (
        <div className="branding-state" role="status">
          <Spin />
          <span>{t('loading')}</span>
        </div>
      )}
      {store.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('retry')}</Button>}
        />
      )}
      {store.status === 'ready' && (
        <form
          className="branding-editor"
          aria-label={t('portalHeading', { portal })}
          onSubmit={(event) => {
            event.preventDefault();
            if (store.contrastFails) setAsking('contrast');
            else save();
          }}
        >
          <Typography.Title level={2} className="branding-page__portal">
            {t('portalHeading', { portal })}
          </Typography.Title>
          <div className="branding-editor__columns">
            <div className="branding-editor__form">
              <section className="branding-panel" aria-labelledby={logosId}>
                <h3 id={logosId} className="branding-subtitle">
                  {t('logos.title')}
                </h3>
                <p className="branding-hint">{t('logos.hint')}</p>
                <div className="branding-logos">
                  {LOGO_SLOTS.map((variant) => (
                    <LogoField key={variant} store={store} variant={variant} />
                  ))}
                </div>
                {store.svgCleaned && <Alert type="info" showIcon message={t('logos.svgCleaned')} />}
              </section>
              <section className="branding-panel" aria-labelledby={coloursId}>
                <h3 id={coloursId} className="branding-subtitle">
                  {t('colours.title')}
                </h3>
                <ColourField store={store} slot="primaryColor" />
                <ColourField store={store} slot="secondaryColor" />
                <ColourField store={store} slot="textColor" hintKey="colours.textColorHint" />
                <ContrastReport store={store} />
              </section>
            </div>
            <section className="branding-panel branding-editor__preview" aria-labelledby={previewId}>
              <h3 id={previewId} className="branding-subtitle">
                {t('preview.title')}
              </h3>
              <BrandingPreview store={store} />
            </section>
          </div>
          <div className="branding-actions">
            <Checkbox
              checked={store.applyToAll}
              onChange={(event) => store.setApplyToAll(event.target.checked)}
            >
              {t('applyToAll')}
            </Checkbox>
            {store.applyToAll && <p className="branding-hint">{t('applyToAllHint', { portal })}</p>}
            <div className="branding-actions__buttons">
              <Button
                type="primary"
                htmlType="submit"
                disabled={!store.isValid || (!store.dirty && !store.applyToAll) || store.busy !== null}
              >
                {store.busy === 'saving' ? t('saving') : t('save')}
              </Button>
              <Button danger disabled={store.busy !== null} onClick={() => setAsking('reset')}>
                {store.busy === 'resetting' ? t('resetting') : t('reset')}
              </Button>
            </div>
          </div>
          {asking === 'contrast' && (
            <ConfirmDialog
              title={t('confirmContrast.title')}
              confirmText={t('confirmContrast.ok')}
              danger={false}
              onConfirm={save}
              onCancel={() => setAsking(null)}
            >
              {t('confirmContrast.body', {
                textOnPrimary: ratio(store.contrast.textOnPrimary),
                primaryOnWhite: ratio(store.contrast.primaryOnWhite),
              })}
            </ConfirmDialog>
          )}
          {asking === 'reset' && (
            <ConfirmDialog
              title={t('confirmReset.title')}
              confirmText={t('confirmReset.ok')}
              onConfirm={reset}
              onCancel={() => setAsking(null)}
            >
              {store.applyToAll ? t('confirmReset.all') : t('confirmReset.one', { portal })}
            </ConfirmDialog>
          )}
        </form>
      )}
    </AppPage>
  );
});

/** The page of one tab: each route's lazy module renders its portal's editor. */
function pageFor(tab: BrandingTab): ComponentType {
  const TabPage = () => <BrandingPage tab={tab} />;
  TabPage.displayName = `BrandingPage(${tab})`;
  return TabPage;
}

export const brandingPages = Object.fromEntries(
  BRANDING_TABS.map(({ tab }) => [tab, pageFor(tab)]),
) as Record<BrandingTab, ComponentType>;
