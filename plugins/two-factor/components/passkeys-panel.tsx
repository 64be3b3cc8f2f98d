import { Notifier, useDateFormat, useReturnFocus, useService, useUnmountSignal } from '@core';
import type { PasskeyInfo } from '@contract/v1/index';
import { Alert, Button, Form, Input, Modal, Spin, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSecurityApi } from '../api/user-security-api';
import { PasskeysStore } from '../stores/passkeys-store';

/** The server's limit on a passkey's name (contract/v1/passkeys.ts). */
const NAME_MAX = 64;

interface NameModalProps {
  title: string;
  okText: string;
  initialName: string;
  busy: boolean;
  /** Shown while the browser's own passkey prompt is open. */
  hint?: string;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks for the passkey's name: before the browser's prompt when adding, alone when renaming. */
function PasskeyNameModal({ title, okText, initialName, busy, hint, onSubmit, onCancel }: NameModalProps) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'passkey-name-form' }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        id="passkey-name-form"
        form={form}
        layout="vertical"
        initialValues={{ name: initialName }}
        disabled={busy}
        onFinish={({ name }) => onSubmit(name.trim())}
      >
        <Form.Item
          name="name"
          label={t('passkeys.name.label')}
          rules={[
            { required: true, whitespace: true, message: t('passkeys.name.required') },
            { max: NAME_MAX, message: t('passkeys.name.length', { max: NAME_MAX }) },
          ]}
        >
          <Input autoComplete="off" maxLength={NAME_MAX + 1} />
        </Form.Item>
      </Form>
      {hint && (
        <Typography.Paragraph type="secondary" role="status">
          {hint}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

function PasskeyRow({ passkey, store }: { passkey: PasskeyInfo; store: PasskeysStore }) {
  const { t } = useTranslation('two-factor');
  const dates = useDateFormat();
  const titleId = `passkey-${passkey.id}-title`;
  return (
    <li className="two-factor-method" aria-labelledby={titleId}>
      <div className="two-factor-method__text">
        <Typography.Title level={3} id={titleId} className="two-factor-method__title">
          {passkey.name}{' '}
          <Tag color={passkey.deviceType === 'multiDevice' ? 'blue' : 'default'}>
            {passkey.deviceType === 'multiDevice' ? t('passkeys.synced') : t('passkeys.singleDevice')}
          </Tag>
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('passkeys.usage', {
            created: t('passkeys.created', { date: dates.dateTime(passkey.createdAt) }),
            used: passkey.lastUsedAt
              ? t('passkeys.lastUsed', { date: dates.dateTime(passkey.lastUsedAt) })
              : t('passkeys.neverUsed'),
          })}
        </Typography.Text>
      </div>
      <div className="two-factor-passkey__actions">
        <Button
          onClick={() => store.open({ kind: 'rename', passkey })}
          aria-label={t('passkeys.renameNamed', { name: passkey.name })}
        >
          {t('passkeys.rename')}
        </Button>
        <Button
          danger
          onClick={() => store.open({ kind: 'remove', passkey })}
          aria-label={t('passkeys.removeNamed', { name: passkey.name })}
        >
          {t('passkeys.remove')}
        </Button>
      </div>
    </li>
  );
}

/**
 * The Passkeys panel of the security pages (docs/passkeys.md): the user's passkeys with their name, when they were
 * added and last used, and whether they are synced; add one (after confirming it is them, as for any sensitive
 * change), rename or remove one.
 */
export const PasskeysPanel = observer(function PasskeysPanel({
  onSecondFactorChange,
}: {
  /** A passkey was added or removed: the page's recovery codes follow (the first passkey makes the first set). */
  onSecondFactorChange?: () => void;
}) {
  const { t } = useTranslation('two-factor');
  const api = useService(UserSecurityApi);
  const notifier = useService(Notifier);
  const [store] = useState(() => new PasskeysStore(api));
  const signal = useUnmountSignal();
  const { dialog } = store;

  useEffect(() => {
    const controller = new AbortController();
    void store.load(controller.signal);
    return () => controller.abort();
  }, [store]);

  const add = async (name: string) => {
    const outcome = await store.add(name, signal());
    if (outcome === 'added') onSecondFactorChange?.();
    if (outcome === 'cancelled') notifier.info(t('passkeys.add.cancelled'));
    else if (outcome === 'failed' && !signal().aborted) notifier.error(t('passkeys.add.failed'));
  };

  return (
    <section
      className="two-factor-panel"
      aria-labelledby="passkeys-title"
      aria-busy={store.phase === 'loading'}
    >
      <div className="two-factor-status">
        <Typography.Title level={2} id="passkeys-title" className="two-factor-panel__title">
          {t('passkeys.title')}
        </Typography.Title>
        {store.phase === 'ready' && (
          <Button type="primary" onClick={() => store.open({ kind: 'add' })}>
            {t('passkeys.add.button')}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary">{t('passkeys.description')}</Typography.Paragraph>
      {store.phase === 'loading' && (
        <div role="status" className="two-factor-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('passkeys.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('passkeys.loadFailed')}
          action={<Button onClick={() => void store.load(signal())}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'ready' &&
        (store.passkeys.length === 0 ? (
          <Typography.Paragraph>{t('passkeys.none')}</Typography.Paragraph>
        ) : (
          <ul className="two-factor-methods" aria-labelledby="passkeys-title">
            {store.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} store={store} />
            ))}
          </ul>
        ))}
      {dialog.kind === 'add' && (
        <PasskeyNameModal
          title={t('passkeys.add.title')}
          okText={t('passkeys.add.confirm')}
          initialName={t('passkeys.add.defaultName', { number: store.passkeys.length + 1 })}
          busy={store.busy}
          hint={store.prompting ? t('passkeys.add.prompting') : undefined}
          onSubmit={(name) => void add(name)}
          onCancel={() => store.close()}
        />
      )}
      {dialog.kind === 'rename' && (
        <PasskeyNameModal
          title={t('passkeys.renameTitle')}
          okText={t('passkeys.save')}
          initialName={dialog.passkey.name}
          busy={store.busy}
          onSubmit={(name) => void store.rename(dialog.passkey, name, signal())}
          onCancel={() => store.close()}
        />
      )}
      {dialog.kind === 'remove' && (
        <RemovePasskeyModal
          passkey={dialog.passkey}
          busy={store.busy}
          onConfirm={() => void store.remove(dialog.passkey, signal()).then(() => onSecondFactorChange?.())}
          onCancel={() => store.close()}
        />
      )}
    </section>
  );
});

function RemovePasskeyModal({
  passkey,
  busy,
  onConfirm,
  onCancel,
}: {
  passkey: PasskeyInfo;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  useReturnFocus();
  const { t } = useTranslation('two-factor');
  return (
    <Modal
      open
      title={t('passkeys.removeTitle')}
      okText={t('passkeys.remove')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, danger: true }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={!busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('passkeys.removeBody', { name: passkey.name })}</Typography.Paragraph>
    </Modal>
  );
}
