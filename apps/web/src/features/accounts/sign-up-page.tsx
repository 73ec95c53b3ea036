import {
  type AccountType,
  type CompanySignUpInput,
  type CompanyType,
  companyTypes,
  type SignUpInput,
} from '@token/domain/accounts';
import { MailCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { type Resolver, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FirstLastNameFields, type FirstLastNameValues } from '../../components/person-name-fields.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TaggedText } from '../../components/ui/tagged-text.tsx';
import { domainResolver, useFormInPageOrder, useServerErrors } from '../../lib/form.ts';
import { currentLocale, useTranslation } from '../../lib/i18n.ts';
import { useUnsavedChanges } from '../../lib/navigation.ts';
import { notify } from '../../lib/notifications.ts';
import { useCreateCompany } from './api/create-company.ts';
import { useCreateCustomer } from './api/create-customer.ts';
import { AuthCard, textLinkClass } from './components/page-shell.tsx';
import { PasswordStrength } from './components/password-strength.tsx';

type SignUpForm = {
  accountType: AccountType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  companyType: CompanyType | '';
  referralCode: string;
  termsConsent: boolean;
  subscribedToNewsletter: boolean;
};
type SignUpOutput = SignUpInput | CompanySignUpInput;

const fields = [
  'accountType',
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'companyName',
  'companyType',
  'referralCode',
  'termsConsent',
  'subscribedToNewsletter',
] as const;

const loadSignUpSchema = () => import('./form-schemas.ts').then(({ signUpSchema }) => signUpSchema);
const loadCompanySignUpSchema = () =>
  import('./form-schemas.ts').then(({ companySignUpSchema }) => companySignUpSchema);

/**
 * One form for both registrations: a natural person is checked against `signUpSchema` (POST
 * customers), a legal person against `companySignUpSchema` (POST companies). Its errors are
 * catalogue keys, worded by the fields in the language of the moment.
 */
function signUpResolver(): Resolver<SignUpForm, unknown, SignUpOutput> {
  // the schemas (and zod) load on the first check: /sign-up paints and hydrates without them
  const personal = domainResolver(loadSignUpSchema);
  const company = domainResolver(loadCompanySignUpSchema);
  return (values, context, options) => {
    const { companyName, companyType, referralCode, ...common } = values;
    const base = { ...common, ...(referralCode.trim() ? { referralCode } : {}) };
    if (values.accountType === 'company') {
      return company({ ...base, companyName, companyType } as never, context, options as never) as never;
    }
    return personal(base as never, context, options as never) as never;
  };
}

function Registered({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  return (
    <AuthCard
      focusOnShow
      title={t('signUp.doneTitle')}
      icon={<MailCheck className="size-10" aria-hidden="true" />}
      footer={
        <p>
          {t('signUp.noMail')}{' '}
          <Link to="/resend-verification" className={textLinkClass}>
            {t('signUp.resend')}
          </Link>
        </p>
      }
    >
      <p className="text-slate-800" data-testid="sign-up-done">
        <TaggedText
          text={t('signUp.doneText', { email })}
          tags={{ strong: <strong className="[overflow-wrap:anywhere]" /> }}
        />
      </p>
      <Link to="/login" className={buttonClasses({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}>
        {t('common.toLogin')}
      </Link>
    </AuthCard>
  );
}

/** /sign-up and /sign-up/{referralCode} (spec 2/3): registration of a natural or legal person. */
export function SignUpPage() {
  const { t } = useTranslation('accounts');
  const { referralCode = '' } = useParams();
  const [registered, setRegistered] = useState<string | null>(null);
  const createCustomer = useCreateCustomer();
  const createCompany = useCreateCompany();
  // a failed submit focuses the first invalid field as the page shows it (the name fields register last)
  const form = useFormInPageOrder<SignUpForm, unknown, SignUpOutput>({
    resolver: signUpResolver(),
    defaultValues: {
      accountType: 'personal',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      companyType: '',
      referralCode,
      termsConsent: false,
      subscribedToNewsletter: false,
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const [accountType, password, firstName, lastName, email] = useWatch({
    control,
    name: ['accountType', 'password', 'firstName', 'lastName', 'email'],
  });
  const showServerErrors = useServerErrors(setError, fields);
  useUnsavedChanges(formState.isDirty && registered === null && !formState.isSubmitting);

  if (registered) return <Registered email={registered} />;

  const onSubmit = handleSubmit(async (values) => {
    const locale = currentLocale();
    try {
      const done =
        values.accountType === 'company'
          ? await createCompany.mutateAsync({ ...(values as CompanySignUpInput), locale })
          : await createCustomer.mutateAsync({ ...(values as SignUpInput), locale });
      setRegistered(done.email);
      notify('success', t('notify.registered'));
    } catch (err) {
      showServerErrors(err);
    }
  });

  const e = formState.errors;
  const newTab = { target: '_blank', rel: 'noopener', className: textLinkClass };
  return (
    <AuthCard
      wide
      title={t('signUp.title')}
      intro={t('signUp.intro')}
      footer={
        <p>
          {t('signUp.haveAccount')}{' '}
          <Link to="/login" className={textLinkClass}>
            {t('signUp.login')}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('signUp.title')}>
        <RadioGroup
          label={t('fields.accountType')}
          error={e.accountType?.message}
          required
          options={[
            {
              value: 'personal',
              label: t('accountTypes.personal'),
              description: t('accountTypes.personalText'),
            },
            {
              value: 'company',
              label: t('accountTypes.company'),
              description: t('accountTypes.companyText'),
            },
          ]}
          {...register('accountType')}
        />
        {accountType === 'company' && (
          // stacked: the legal forms' names are too long for half the card
          <div className="space-y-5">
            <Input
              label={t('fields.companyName')}
              hint={t('hints.companyName')}
              error={e.companyName?.message}
              required
              autoComplete="organization"
              {...register('companyName')}
            />
            <Select
              label={t('fields.companyType')}
              hint={t('hints.select')}
              error={e.companyType?.message}
              required
              placeholder={t('common.choose')}
              options={companyTypes.map((c) => ({ value: c, label: t(`companyTypes.${c}`) }))}
              {...register('companyType', { setValueAs: (v: string | undefined) => v || undefined })}
            />
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <FirstLastNameFields
            register={register as unknown as UseFormRegister<FirstLastNameValues>}
            errors={e as FieldErrors<FirstLastNameValues>}
            namespace="accounts"
          />
        </div>
        <Input
          label={t('fields.email')}
          hint={t('hints.email')}
          error={e.email?.message}
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          hint={t('hints.newPassword')}
          error={e.password?.message}
          required
          autoComplete="new-password"
          after={<PasswordStrength password={password} userInputs={[firstName, lastName, email]} />}
          {...register('password')}
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          hint={t('hints.confirmPassword')}
          error={e.confirmPassword?.message}
          required
          autoComplete="new-password"
          {...register('confirmPassword')}
        />
        <Input
          label={t('fields.referralCode')}
          hint={t('hints.referralCode')}
          error={e.referralCode?.message}
          autoCapitalize="characters"
          spellCheck={false}
          className="sm:max-w-xs"
          {...register('referralCode')}
        />
        <div className="space-y-4 border-t border-slate-200 pt-5">
          <Checkbox
            label={
              <TaggedText
                text={t('signUp.terms')}
                tags={{
                  terms: <Link to="/terms-and-conditions" {...newTab} />,
                  privacy: <Link to="/privacy-policy" {...newTab} />,
                }}
              />
            }
            hint={t('hints.terms')}
            error={e.termsConsent?.message}
            required
            {...register('termsConsent')}
          />
          <Checkbox
            label={t('signUp.newsletter')}
            hint={t('hints.optional')}
            error={e.subscribedToNewsletter?.message}
            {...register('subscribedToNewsletter')}
          />
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={formState.isSubmitting}>
          <UserPlus className="size-4" aria-hidden="true" />
          {formState.isSubmitting ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
