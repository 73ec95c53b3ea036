import { FlaskConical } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useShowsDemoAccounts } from '../api/get-environment.ts';

export const demoAccounts = {
  email: 'anna.becker@demo.tokenwerk.example',
  twoFactorEmail: 'jonas.wagner@demo.tokenwerk.example',
  password: 'Tokenwerk-Demo-2026!',
  totpSecret: 'JZXW4ZLTOR2GK4TNMFXG4IDUN5VWK3TX',
};

/** Outside production (the API's health answer says which): the demo accounts to try the platform with. */
export function DemoHint() {
  const { t } = useTranslation('accounts');
  if (!useShowsDemoAccounts()) return null;
  const value = 'font-mono text-[0.8125rem] text-slate-900 [overflow-wrap:anywhere]';
  return (
    <aside
      aria-label={t('login.demoTitle')}
      className="mt-6 rounded-lg border border-dashed border-accent-600/50 bg-accent-50 p-4 text-sm text-slate-700"
      data-testid="demo-hint"
    >
      <p className="flex items-center gap-2 font-semibold text-accent-700">
        <FlaskConical className="size-4" aria-hidden="true" />
        {t('login.demoTitle')}
      </p>
      <dl className="mt-2 space-y-1.5">
        <div>
          <dt className="text-xs text-slate-600">{t('login.demoEmail')}</dt>
          <dd className={value}>{demoAccounts.email}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('login.demoPassword')}</dt>
          <dd className={value}>{demoAccounts.password}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('login.demoTwoFactor')}</dt>
          <dd className={value}>{demoAccounts.twoFactorEmail}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t('login.demoSecret')}</dt>
          <dd className={value}>{demoAccounts.totpSecret}</dd>
        </div>
      </dl>
    </aside>
  );
}
