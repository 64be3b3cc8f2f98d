import { useDateFormat, useReturnFocus, useUnmountSignal } from '@core';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecoveryCodesStore } from '../stores/recovery-codes-store';

/** The file the Download button saves: a title, when the set was made, and one code a line. */
function downloadCodes(codes: string[], title: string, made: string): void {
  const text = [title, made, '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The set just made, shown once: the codes, Copy and Download, and the user's word that they saved them. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const dates = useDateFormat();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <Modal
      open
      title={t('recoveryCodes.shown.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('recoveryCodes.shown.done')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('recoveryCodes.shown.lead')}</Typography.Paragraph>
      <ol className="recovery-codes__list" dir="ltr" aria-label={t('recoveryCodes.shown.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button onClick={() => void copy()}>
          {copied ? t('recoveryCodes.shown.copied') : t('recoveryCodes.shown.copy')}
        </Button>
        <Button
          onClick={() =>
            downloadCodes(
              codes,
              t('recoveryCodes.file.title'),
              t('recoveryCodes.file.made', { date: dates.dateTime(new Date().toISOString()) }),
            )
          }
        >
          {t('recoveryCodes.shown.download')}
        </Button>
      </div>
      <p role="status" className="portal-visually-hidden">
        {copied ? t('recoveryCodes.shown.copied') : ''}
      </p>
    </Modal>
  );
}

function RegenerateModal({ store, onConfirm }: { store: RecoveryCodesStore; onConfirm: () => void }) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  return (
    <Modal
      open
      title={t('recoveryCodes.regenerate.title')}
      okText={t('recoveryCodes.regenerate.confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: store.busy }}
      cancelButtonProps={{ disabled: store.busy }}
      closable={!store.busy}
      maskClosable={!store.busy}
      onOk={onConfirm}
      onCancel={() => store.close()}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('recoveryCodes.regenerate.body')}</Typography.Paragraph>
    </Modal>
  );
}

/**
 * The Recovery codes panel of the security pages (docs/recovery-codes.md): how many codes are left (a warning at two
 * or fewer), and a new set after confirming; the set just made is shown once, with Copy and Download. The page owns
 * the store, so the two-factor and passkey panels can have the first set made when the first second factor goes on.
 */
export const RecoveryCodesPanel = observer(function RecoveryCodesPanel({
  store,
}: {
  store: RecoveryCodesStore;
}) {
  const { t } = useTranslation('two-factor');
  const dates = useDateFormat();
  const signal = useUnmountSignal();
  const { status } = store;

  useEffect(() => {
    const controller = new AbortController();
    void store.load(controller.signal);
    return () => controller.abort();
  }, [store]);

  return (
    <section
      className="two-factor-panel"
      aria-labelledby="recovery-codes-title"
      aria-busy={store.phase === 'loading'}
    >
      <div className="two-factor-status">
        <Typography.Title level={2} id="recovery-codes-title" className="two-factor-panel__title">
          {t('recoveryCodes.title')}
        </Typography.Title>
        {store.phase === 'ready' && status?.secondFactor && (
          <Button
            type={status.total === 0 || store.low ? 'primary' : 'default'}
            loading={store.busy && !store.confirming}
            onClick={() => (status.total === 0 ? void store.generate(signal()) : store.open())}
          >
            {status.total === 0 ? t('recoveryCodes.make') : t('recoveryCodes.regenerate.button')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('recoveryCodes.description')}</Typography.Paragraph>
      {store.phase === 'loading' && (
        <div role="status" className="two-factor-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('recoveryCodes.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('recoveryCodes.loadFailed')}
          action={<Button onClick={() => void store.load(signal())}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'ready' && status && (
        <>
          {status.total === 0 ? (
            <Typography.Paragraph>
              {status.secondFactor ? t('recoveryCodes.none') : t('recoveryCodes.needsSecondFactor')}
            </Typography.Paragraph>
          ) : (
            <Typography.Paragraph data-testid="recovery-codes-left">
              {t('recoveryCodes.left', { remaining: status.remaining, total: status.total })}
              {status.createdAt && (
                <Typography.Text type="secondary">
                  {' · '}
                  {t('recoveryCodes.made', { date: dates.dateTime(status.createdAt) })}
                </Typography.Text>
              )}
            </Typography.Paragraph>
          )}
          {store.low && (
            <Alert
              type="warning"
              showIcon
              message={status.remaining === 0 ? t('recoveryCodes.noneLeft') : t('recoveryCodes.low')}
            />
          )}
        </>
      )}
      {store.confirming && <RegenerateModal store={store} onConfirm={() => void store.generate(signal())} />}
      {store.shownCodes && <RecoveryCodesModal codes={store.shownCodes} onClose={() => store.hideCodes()} />}
    </section>
  );
});
