import { StepsForm } from '@ant-design/pro-components';
import { useRouteHref, useService } from '@core';
import type { IdentityProofType } from '@contract/rules/identity-lists';
import { Alert, Button, Spin, Typography, type FormInstance } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from 'react';
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
/** A pause in typing this long keeps the draft (besides each finished step). */
const DRAFT_DELAY_MS = 1500;

type FormRefs = MutableRefObject<MutableRefObject<FormInstance | undefined>[]>;

function collect(forms: FormRefs): KycAnswers {
  return answersFromSteps(
    forms.current
      .slice(0, FIELD_STEPS)
      .map((form) => (form.current?.getFieldsValue(true) ?? {}) as Record<string, unknown>),
  );
}

/** The form in steps: personal details, address, two identity proofs, review and submit. */
const KycForm = observer(function KycForm({ store }: { store: KycStore }) {
  const { t } = useTranslation('kyc-kyb');
  const navigate = useNavigate();
  const overview = useRouteHref('kyc-kyb.overview');
  const rules = useMemo(() => kycRules(t), [t]);
  const forms: FormRefs = useRef([]);
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
  const finishStep = async (next: number) => {
    clearTimeout(timer.current);
    await store.saveDraft(collect(forms), next);
    return true;
  };
  const submit = async () => {
    // A draft resumed at a later step has earlier steps the user has not passed in this visit: check them all.
    for (let index = 0; index < FIELD_STEPS; index += 1) {
      try {
        await forms.current[index]?.current?.validateFields();
      } catch {
        store.setStep(index);
        return false;
      }
    }
    clearTimeout(timer.current);
    if (await store.submit(collect(forms))) navigate(overview);
    return false;
  };

  // What the review step shows: read from the step forms once they are mounted (also when a draft opens there).
  const [answers, setAnswers] = useState<KycAnswers | null>(null);
  useEffect(() => {
    setAnswers(store.step === FIELD_STEPS ? collect(forms) : null);
  }, [store.step]);
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

  return (
    <div className="kyc-steps-form">
      <StepsForm
        current={store.step}
        onCurrentChange={store.setStep}
        formMapRef={forms}
        onFinish={submit}
        stepsProps={{ responsive: true, size: 'small' }}
        stepsRender={(steps, dom) => (
          <div className="kyc-progress">
            {dom}
            <p className="kyc-progress__text">
              {t('steps.progress', {
                step: store.step + 1,
                total: steps.length,
                title: steps[store.step]?.title,
              })}
            </p>
          </div>
        )}
        formProps={{
          layout: 'vertical',
          autoFocusFirstInput: false,
          validateTrigger: ['onChange', 'onBlur'],
        }}
        submitter={{
          render: ({ step, onPre, onSubmit }) => (
            <div className="kyc-buttons">
              {step > 0 && (
                <Button onClick={onPre} disabled={store.submitting}>
                  {t('actions.back')}
                </Button>
              )}
              <Button type="primary" onClick={() => onSubmit?.()} loading={store.submitting}>
                {step === FIELD_STEPS ? t('actions.submit') : t('actions.next')}
              </Button>
            </div>
          ),
        }}
      >
        <StepsForm.StepForm
          name="personal"
          title={t('steps.personal')}
          initialValues={initial[0]}
          onValuesChange={keepDraft}
          onFinish={() => finishStep(1)}
        >
          <PersonalFields rules={rules} />
        </StepsForm.StepForm>
        <StepsForm.StepForm
          name="address"
          title={t('steps.address')}
          initialValues={initial[1]}
          onValuesChange={keepDraft}
          onFinish={() => finishStep(2)}
        >
          <AddressFields rules={rules} />
        </StepsForm.StepForm>
        <StepsForm.StepForm
          name="proof1"
          title={t('steps.proof1')}
          initialValues={initial[2]}
          onValuesChange={proofChanged(0)}
          onFinish={() => finishStep(3)}
        >
          <ProofFields rules={rules} upload={store.upload} otherKind={types[1]} />
        </StepsForm.StepForm>
        <StepsForm.StepForm
          name="proof2"
          title={t('steps.proof2')}
          initialValues={initial[3]}
          onValuesChange={proofChanged(1)}
          onFinish={() => finishStep(4)}
        >
          <ProofFields rules={rules} upload={store.upload} otherKind={types[0]} />
        </StepsForm.StepForm>
        <StepsForm.StepForm name="review" title={t('steps.review')}>
          {answers && (
            <div className="kyc-review">
              <NameMismatchAlert mismatches={nameMismatchesOf(answers)} />
              <KycSummary answers={answers} />
            </div>
          )}
        </StepsForm.StepForm>
      </StepsForm>
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
  const headingId = useId();
  const overview = useRouteHref('kyc-kyb.overview');
  const [store] = useState(() => new KycStore(api));
  useEffect(() => store.start(), [store]);

  return (
    <section className="kyc-page" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} className="kyc-page__title">
        {t('kyc.title')}
      </Typography.Title>
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
    </section>
  );
});

export default KycPage;
