import { Link } from 'react-router';
import { AccountPageShell } from '../../components/ui/account-page-shell.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useCountries, useCurrencies } from '../../lib/reference.ts';
import { useCustomerRecord } from '../../lib/session.tsx';
import { useDefaultAddress } from './api/get-default-address.ts';
import { CompanyForm } from './company-page.tsx';
import { FormSkeleton, LoadFailed, Panel, retryFailed } from './components/step-parts.tsx';

/**
 * /account/company-edit (my company profile): the whole company form of the self-disclosure (PUT
 * companies/{uuid} takes what "company data complete" needs, spec 5) and the company's address; the
 * page stays after saving. A personal account is pointed to its own profile.
 */
export function CompanyEditPage() {
  const { t } = useTranslation('onboarding');
  const record = useCustomerRecord();
  const isCompany = record.data?.accountType === 'company';
  const address = useDefaultAddress('company', { enabled: isCompany });
  const countries = useCountries();
  const currencies = useCurrencies();
  const queries = [record, address, countries, currencies];

  let content: React.ReactNode;
  if (record.data && !isCompany) {
    content = (
      <Panel>
        <p className="text-slate-700">{t('account:company.personalAccount')}</p>
        <Link to="/account/edit" className={buttonClasses({ variant: 'outline', className: 'mt-4' })}>
          {t('account:account.profile')}
        </Link>
      </Panel>
    );
  } else if (queries.some((q) => q.isError)) {
    content = <LoadFailed onRetry={() => retryFailed(queries)} />;
  } else if (!record.data || address.isPending || !countries.data || !currencies.data) {
    content = <FormSkeleton panels={[7, 4, 6]} />;
  } else {
    content = (
      <CompanyForm
        mode="account"
        record={record.data}
        address={address.data ?? null}
        countries={countries.data}
        currencies={currencies.data}
      />
    );
  }
  return (
    <AccountPageShell
      title={t('account:company.title')}
      intro={t('companyEdit.intro')}
      backLabel={t('account:account.back')}
    >
      {content}
    </AccountPageShell>
  );
}
