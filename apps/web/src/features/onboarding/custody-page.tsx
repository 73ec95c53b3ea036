import { createWalletInputSchema, defaultCustodyWalletName, shortenAddress } from '@token/domain/wallets';
import { KeyRound, Landmark, ShieldCheck } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDomainForm, useServerErrors } from '../../lib/form.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { appRedirectState, useUnsavedChanges } from '../../lib/navigation.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useCreateCustodyWallet } from './api/create-custody-wallet.ts';
import { StatusCard } from './components/status-card.tsx';
import { FormSkeleton, LoadFailed, Panel, StepActions } from './components/step-parts.tsx';
import { useContinueOnboarding, useContinueStep } from './components/use-continue.ts';
import type { OnboardingCustomer } from './types.ts';

/** The wallet's name as POST wallets takes it (`createWalletInputSchema`), required in the form. */
const walletFormSchema = z.object({ name: createWalletInputSchema.shape.name.unwrap() });

/** What custody means, in three short points (eWpG crypto securities register, keys at the custodian). */
const custodyPoints = [
  { key: 'register', icon: Landmark },
  { key: 'keys', icon: KeyRound },
  { key: 'check', icon: ShieldCheck },
] as const;

function CustodyExplanation() {
  const { t } = useTranslation('onboarding');
  return (
    <Panel title={t('custody.whatTitle')}>
      <ul className="space-y-4">
        {custodyPoints.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3 text-sm text-slate-700">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span>{t(`custody.what.${key}`)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Opens the custody wallet: its name (prefilled in the visitor's language) and the button. */
function OpenWalletForm() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const create = useCreateCustodyWallet();
  const continueOnboarding = useContinueOnboarding();
  const { register, handleSubmit, formState, setError, reset } = useDomainForm(walletFormSchema, {
    name: defaultCustodyWalletName[locale],
  });
  const showServerErrors = useServerErrors(setError, ['name']);
  useUnsavedChanges(formState.isDirty && !formState.isSubmitting);

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await create.mutateAsync(name);
      reset(undefined, { keepValues: true });
      await continueOnboarding({ from: pathname });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'wallet_exists') {
        // opened meanwhile (another tab): the refreshed record shows it, the flow goes on
        reset(undefined, { keepValues: true });
        await continueOnboarding({ from: pathname, quietWhenStaying: true });
        return;
      }
      if (err instanceof ApiError && err.code === 'customer_banned') {
        reset(undefined, { keepValues: true });
        await navigate('/banned', { state: appRedirectState });
        return;
      }
      showServerErrors(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('custody.openTitle')}>
      <Panel title={t('custody.openTitle')} description={t('custody.openText')}>
        <Input
          label={t('custody.name')}
          hint={t('custody.nameHint')}
          error={formState.errors.name?.message}
          required
          autoComplete="off"
          className="sm:max-w-sm"
          {...register('name')}
        />
      </Panel>
      <StepActions
        busy={formState.isSubmitting}
        label={formState.isSubmitting ? t('custody.opening') : t('custody.open')}
      />
    </form>
  );
}

/** The wallet is open: its address (5+4) and what the custodian's registrar check says. */
function WalletOpened({ record }: { record: OnboardingCustomer }) {
  const { t } = useTranslation('onboarding');
  const { continuing, onContinue } = useContinueStep();
  const address = record.defaultWallet ?? '';
  const status = record.cryptoRegistrarStatus ?? 'approval_required';

  return (
    <div className="space-y-6">
      <StatusCard tone="success" title={t('custody.openedTitle')} testId="custody-opened">
        <p>
          {t('custody.address')}{' '}
          <code className="rounded bg-white px-1.5 py-0.5 font-mono text-brand-900" title={address}>
            {shortenAddress(address)}
          </code>
        </p>
        <p>{t(`registrar.${status}`, { defaultValue: t('registrar.approval_required') })}</p>
        <p className="text-xs text-slate-600">{t('custody.openedHint')}</p>
      </StatusCard>
      <StepActions busy={continuing} onContinue={onContinue} label={t('form.continue')} />
    </div>
  );
}

/**
 * /self-disclosure/custody: explains custody and opens the customer's custodial wallet at the crypto
 * custodian (POST wallets {type: 'custody', defaultWallet: true, name}, then the customer record
 * is fetched again); once open, its address and the registrar status.
 */
export function CustodyPage() {
  const { t } = useTranslation('onboarding');
  const record = useCustomerRecord();
  if (record.isError) return <LoadFailed onRetry={() => void record.refetch()} />;
  if (!record.data) return <FormSkeleton panels={[3, 1]} />;
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-slate-700">{t('custody.intro')}</p>
      <CustodyExplanation />
      {record.data.defaultWallet ? <WalletOpened record={record.data} /> : <OpenWalletForm />}
    </div>
  );
}
