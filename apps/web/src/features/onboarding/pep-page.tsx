import { Info } from 'lucide-react';
import { useLocation } from 'react-router';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useUpdatePersonalData } from './api/update-personal-data.ts';
import { FormSkeleton, LoadFailed, Panel, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding } from './components/use-continue.ts';
import { type PepFormValues, pepFormSchema } from './schemas.ts';
import type { OnboardingCustomer } from './types.ts';

/** GwG § 1 (12)–(14): who counts as a politically exposed person, family member or close associate. */
const pepExamples = ['functions', 'family', 'associates'] as const;

/** The form of `/self-disclosure/pep`. */
export function PepForm({ record }: { record: OnboardingCustomer }) {
  const { t } = useTranslation('onboarding');
  const { pathname } = useLocation();
  const isCompany = record.accountType === 'company';
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(pepFormSchema, {
    pep: record.notPep === true ? 'not_pep' : record.notPep === false ? 'pep' : undefined,
    actingOnOwnAccount: record.actingOnOwnAccount === true,
  } as PepFormValues);
  // the API's field is `notPep`; its violations belong to the question
  const showServerErrors = useServerErrors(setError, ['pep', 'actingOnOwnAccount'], { notPep: 'pep' });
  const update = useUpdatePersonalData();
  const continueOnboarding = useContinueOnboarding();
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async (v) => {
    try {
      await update.mutateAsync({ notPep: v.pep === 'not_pep', actingOnOwnAccount: v.actingOnOwnAccount });
      reset(undefined, { keepValues: true });
      await continueOnboarding({ from: pathname });
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('steps.pep')}>
      <p className="max-w-2xl text-slate-700">{t('pep.intro')}</p>
      <Panel title={t('pep.whatTitle')}>
        <div className="flex gap-3 text-sm text-slate-700">
          <Info className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="space-y-3">
            <p>{t('pep.what')}</p>
            <ul className="list-disc space-y-1.5 pl-5">
              {pepExamples.map((k) => (
                <li key={k}>{t(`pep.examples.${k}`)}</li>
              ))}
            </ul>
            <p>{t('pep.why')}</p>
          </div>
        </div>
      </Panel>
      <Panel title={t('pep.declarationTitle')}>
        <div className="space-y-6">
          <RadioGroup
            label={t('pep.question')}
            error={e.pep?.message}
            required
            options={[
              { value: 'not_pep', label: t('pep.notPep'), description: t('pep.notPepText') },
              { value: 'pep', label: t('pep.isPep'), description: t('pep.isPepText') },
            ]}
            {...register('pep')}
          />
          <Checkbox
            label={isCompany ? t('pep.ownAccountCompany') : t('pep.ownAccount')}
            hint={t('pep.ownAccountHint')}
            error={e.actingOnOwnAccount?.message}
            required
            {...register('actingOnOwnAccount')}
          />
        </div>
      </Panel>
      <StepActions busy={formState.isSubmitting} />
    </form>
  );
}

/**
 * /self-disclosure/pep: the PEP declaration with an explanation of who is a politically exposed
 * person (GwG § 1 (12)–(14)) and the statement of acting on one's own account (GwG § 11 (5)),
 * saved with PUT customers/{uuid} (`notPep`, `actingOnOwnAccount`).
 */
export function PepPage() {
  const record = useCustomerRecord();
  if (record.isError) return <LoadFailed onRetry={() => void record.refetch()} />;
  if (!record.data) return <FormSkeleton panels={[3, 2]} />;
  return <PepForm record={record.data as OnboardingCustomer} />;
}
