import { useRouteHref, useService, AppPage } from '@core';
import type { IdentityProofType } from '@contract/rules/identity-lists';
import { Alert, Button, Form, Spin, Steps, Typography, type FormInstance } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { KycApi } from '../api/kyc-api';
import { AddressFields } from '../components/address-fields';
import { KycSummary } from '../components/kyc-summary';
import { NameMismatchAlert } from '../components/name-mismatch-alert';
import { PersonalFields } from '../components/personal-fields';
import { ProofFields } from '../components/proof-fields';
import { StatusTag } from '../components/status-tag';
import { kycRules } from '../model/kyc-rules';
import { answersFromSteps, proofType, stepsFromAnswers, type KycAnswers } from '../model/kyc-values';
import { nameMismatchesOf } from '../model/name-check';
import { KycStore } from '../stores/kyc-store';
import '../components/kyc-kyb.css';

const FIELD_STEPS = 4;
/** The step forms' names: each field's id is prefixed with its step's (`proof1_firstName`), unique in the page. */
const STEP_NAMES = ['personal', 'address', 'proof1', 'proof2'];
/** A pause in typing this long keeps the draft (besides each finished step). */
const DRAFT_DELAY_MS = 1500;

function collect(forms: FormInstance[]): KycAnswers {
  return answersFromSteps(forms.map((form) => form.getFieldsValue(true) as Record<string, unknown>));
}

/** The form in steps: personal details, address, two identity proofs, review and submit. */
const KycForm = observer(function KycForm({ store }: { store: KycStore }) {
  const { t } = useTranslation('kyc-kyb');
  const navigate = useNavigate();
  const overview = useRouteHref('kyc-kyb.overview');
  const rules = useMemo(() => kycRules(t), [t]);
  const [personal] = Form.useForm();
  const [address] = Form.useForm();
  const [proof1] = Form.useForm();
  const [proof2] = Form.useForm();
  const forms = useMemo(() => [personal, address, proof1, proof2], [personal, address, proof1, proof2]);
  const progressId = useId();
  const initial = useMemo(() => stepsFromAnswers(store.answers), [store]);
  const [types, setTypes] = useState<[IdentityProofType | undefined, IdentityProofType | undefined]>([
    proofType(store.answers.proofs[0]),
    proofType(store.answers.proofs[1]),
  ]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const keepDraft = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void store.saveDraft(collect(forms), store.step), DRAFT_DELAY_MS);
  };
  const submit = async () => {
    // A draft resumed at a later step has earlier steps the user has not passed in this visit: check them all.
    for (let index = 0; index < FIELD_STEPS; index += 1) {
      try {
        await forms[index].validateFields();
      } catch {
        store.setStep(index);
        return;
      }
    }
    clearTimeout(timer.current);
    if (await store.submit(collect(forms))) navigate(overview);
  };

  // What the review step shows: read from the step forms once they are mounted (also when a draft opens there).
  const [answers, setAnswers] = useState<KycAnswers | null>(null);
  useEffect(() => {
    setAnswers(store.step === FIELD_STEPS ? collect(forms) : null);
  }, [store.step, forms]);
  const proofChanged = (index: 0 | 1) => (changed: Record<string, unknown>) => {
    if ('documentType' in changed) {
      setTypes((current) => {
        const next = [...current] as typeof current;
        next[index] = changed.documentType as IdentityProofType;
        return next;
      });
    }
    keepDraft();
  };

  // Next checks the step's fields and keeps the draft at the next step; on the review it submits everything.
  const next = async () => {
    const step = store.step;
    if (step === FIELD_STEPS) {
      await submit();
      return;
    }
    try {
      await forms[step].validateFields();
    } catch {
      return;
    }
    clearTimeout(timer.current);
    await store.saveDraft(collect(forms), step + 1);
    store.setStep(step + 1);
  };

  const titles = [
    t('steps.personal'),
    t('steps.address'),
    t('steps.proof1'),
    t('steps.proof2'),
    t('steps.review'),
  ];
  // Every step stays in the page, the ones not shown hidden, so Back finds what was typed and the submission
  // reads and checks all four forms. The step shown is named by the progress line.
  const panel = (index: number, content: ReactNode) => (
    <div
      role="group"
      hidden={store.step !== index}
      aria-labelledby={store.step === index ? progressId : undefined}
    >
      {content}
    </div>
  );
  const stepForm = (
    index: number,
    form: FormInstance,
    onValuesChange: (changed: Record<string, unknown>) => void,
    fields: ReactNode,
  ) =>
    panel(
      index,
      <Form
        form={form}
        name={STEP_NAMES[index]}
        layout="vertical"
        validateTrigger={['onChange', 'onBlur']}
        initialValues={initial[index]}
        onValuesChange={onValuesChange}
      >
        {fields}
      </Form>,
    );

  return (
    <div className="kyc-steps-form">
      <div className="kyc-progress">
        {/* Titles under their numbers, where they may wrap: beside them, French cut them at 1280 px (issue #39). */}
        <Steps
          current={store.step}
          size="small"
          labelPlacement="vertical"
          items={titles.map((title) => ({ title }))}
        />
        <p className="kyc-progress__text" id={progressId}>
          {t('steps.progress', { step: store.step + 1, total: titles.length, title: titles[store.step] })}
        </p>
      </div>
      {stepForm(0, personal, keepDraft, <PersonalFields rules={rules} />)}
      {stepForm(1, address, keepDraft, <AddressFields rules={rules} />)}
      {stepForm(
        2,
        proof1,
        proofChanged(0),
        <ProofFields rules={rules} upload={store.upload} otherKind={types[1]} />,
      )}
      {stepForm(
        3,
        proof2,
        proofChanged(1),
        <ProofFields rules={rules} upload={store.upload} otherKind={types[0]} />,
      )}
      {panel(
        FIELD_STEPS,
        answers && (
          <div className="kyc-review">
            <NameMismatchAlert mismatches={nameMismatchesOf(answers)} />
            <KycSummary answers={answers} />
          </div>
        ),
      )}
      <div className="kyc-buttons">
        {store.step > 0 && (
          <Button onClick={() => store.setStep(store.step - 1)} disabled={store.submitting}>
            {t('actions.back')}
          </Button>
        )}
        <Button type="primary" onClick={() => void next()} loading={store.submitting}>
          {store.step === FIELD_STEPS ? t('actions.submit') : t('actions.next')}
        </Button>
      </div>
      <p className="kyc-draft" role="status">
        {store.draftState === 'saved' && t('draft.saved')}
        {store.draftState === 'failed' && t('draft.failed')}
      </p>
    </div>
  );
});

/** `/account/kyc`: the user's identity verification, to fill in, continue, view or resubmit. */
const KycPage = observer(function KycPage() {
  const { t } = useTranslation('kyc-kyb');
  const api = useService(KycApi);
  const overview = useRouteHref('kyc-kyb.overview');
  const [store] = useState(() => new KycStore(api));
  useEffect(() => store.start(), [store]);

  return (
    <AppPage title={t('kyc.title')}>
      <Link to={overview}>{t('actions.toOverview')}</Link>
      {store.phase === 'loading' && (
        <div className="kyc-state" role="status">
          <Spin />
          <span>{t('loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('kyc.loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('retry')}</Button>}
        />
      )}
      {(store.phase === 'form' || store.phase === 'view') && (
        <div className="kyc-panel">
          <div className="kyc-status__line">
            <span>{t('overview.statusLabel')}</span>
            <StatusTag status={store.status} />
          </div>
          {store.reason && (store.status === 'rejected' || store.status === 'expired') && (
            <Alert
              type="error"
              showIcon
              message={t('kyc.rejectedIntro')}
              description={store.reason}
              className="kyc-reason"
            />
          )}
          {store.phase === 'form' ? (
            <>
              <Typography.Paragraph type="secondary" className="kyc-intro">
                {t('kyc.intro')}
              </Typography.Paragraph>
              <KycForm store={store} />
            </>
          ) : (
            <KycSummary answers={store.answers} />
          )}
        </div>
      )}
    </AppPage>
  );
});

export default KycPage;
