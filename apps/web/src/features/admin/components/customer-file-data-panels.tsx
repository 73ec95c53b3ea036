import type { CustomerFile } from '@token/domain/compliance';
import { formatDate } from '@token/domain/format';
import { useLocale } from '../../../lib/i18n.ts';
import { useCountryNames } from '../api/get-countries.ts';
import { useCurrencyNames } from '../api/get-currencies.ts';
import { Facts, Section } from './file-section.tsx';
import { useAdminLabels } from './labels.ts';

/* The customer file's data panels: what the customer entered about themselves, their company,
   bank, addresses and wallets; countries and currencies by name in the reader's language. */

/** The person: name, contact, birth, nationality and the account's checks. */
export function PersonalPanel({ file }: { file: CustomerFile }) {
  const { t, yesNo } = useAdminLabels();
  const locale = useLocale();
  const country = useCountryNames();
  const c = file.customer;
  const date = (d: string | null) => (d ? formatDate(d, { locale }) : null);
  return (
    <Section id="personal" title={t('file.sections.personal')}>
      <Facts
        items={[
          [
            t('file.fields.name'),
            [
              c.salutation && t(`salutations.${c.salutation}`, { defaultValue: c.salutation }),
              c.title,
              c.fullName,
            ]
              .filter(Boolean)
              .join(' '),
          ],
          [t('file.fields.email'), c.email],
          [t('file.fields.birthDate'), date(c.birthDate)],
          [t('file.fields.birthCity'), c.birthCity],
          [t('file.fields.birthCountry'), country(c.birthCountry)],
          [t('file.fields.nationality'), country(c.nationality)],
          [t('file.fields.mobileNumber'), c.mobileNumber],
          [t('file.fields.locale'), c.locale.toUpperCase()],
          [t('file.fields.verified'), yesNo(c.verified)],
          [t('file.fields.twoFactor'), yesNo(c.twoFactorEnabled)],
          [t('file.fields.kycPassed'), yesNo(c.kycPassed)],
        ]}
      />
    </Section>
  );
}

/** The self-declarations: PEP, own account, representative, church tax. */
export function DeclarationsPanel({ file }: { file: CustomerFile }) {
  const { t, yesNo } = useAdminLabels();
  const c = file.customer;
  return (
    <Section id="declarations" title={t('file.sections.declarations')}>
      <Facts
        items={[
          [t('file.fields.notPep'), yesNo(c.notPep)],
          [t('file.fields.actingOnOwnAccount'), yesNo(c.actingOnOwnAccount)],
          [t('file.fields.representativeConfirmation'), yesNo(c.representativeConfirmation)],
          [t('file.fields.representativeRole'), c.representative_role],
          [t('file.fields.paysChurchTax'), yesNo(c.paysChurchTax)],
        ]}
      />
    </Section>
  );
}

/** A company account's company data. */
export function CompanyPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const locale = useLocale();
  const c = file.customer;
  const date = (d: string | null) => (d ? formatDate(d, { locale }) : null);
  return (
    <Section id="company" title={t('file.sections.company')}>
      <Facts
        items={[
          [t('file.fields.companyName'), c.companyName],
          [
            t('file.fields.companyType'),
            c.companyType && t(`companyTypes.${c.companyType}`, { defaultValue: c.companyType }),
          ],
          [t('file.fields.registryNumber'), c.registryNumber],
          [t('file.fields.court'), c.court],
          [t('file.fields.foundingDate'), date(c.foundingDate)],
          [t('file.fields.taxnumber'), c.taxnumber],
          [t('file.fields.vatNumber'), c.vatNumber],
        ]}
      />
    </Section>
  );
}

/** The bank account payouts go to. */
export function BankPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const country = useCountryNames();
  const currency = useCurrencyNames();
  const c = file.customer;
  return (
    <Section id="bank" title={t('file.sections.bank')}>
      <Facts
        items={[
          [t('file.fields.beneficiary'), c.beneficiary],
          [
            t('file.fields.iban'),
            c.iban && <span className="font-mono">{c.iban.replace(/(.{4})/g, '$1 ').trim()}</span>,
          ],
          [t('file.fields.bic'), c.bic && <span className="font-mono">{c.bic}</span>],
          [t('file.fields.bankName'), c.bankName],
          [t('file.fields.bankCountry'), country(c.bankCountry)],
          [t('file.fields.bankCurrency'), currency(c.bankCurrency)],
        ]}
      />
    </Section>
  );
}

/** The customer's addresses, the default one marked. */
export function AddressesPanel({ file }: { file: CustomerFile }) {
  const { t } = useAdminLabels();
  const country = useCountryNames();
  return (
    <Section id="addresses" title={t('file.sections.addresses')}>
      {file.addresses.length === 0 ? (
        <p className="text-sm text-slate-600">{t('file.noAddresses')}</p>
      ) : (
        <ul className="space-y-3">
          {file.addresses.map((a) => (
            <li key={a.id} className="text-sm">
              <p className="text-xs font-medium text-slate-600">
                {t(`file.addressKinds.${a.kind}`)}
                {a.isDefault && ` · ${t('file.defaultAddress')}`}
              </p>
              <address className="not-italic text-slate-900">
                {[
                  a.company,
                  `${a.firstName} ${a.lastName}`,
                  a.street,
                  `${a.postcode} ${a.city}`,
                  country(a.countryCode),
                ]
                  .filter(Boolean)
                  .join(', ')}
                {a.phoneNumber && ` · ${a.phoneNumber}`}
              </address>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The register status and the customer's wallets. */
export function WalletsPanel({ file }: { file: CustomerFile }) {
  const { t, registrar } = useAdminLabels();
  const locale = useLocale();
  const c = file.customer;
  return (
    <Section id="wallets" title={t('file.sections.wallets')}>
      <Facts
        items={[
          [t('file.fields.registrarStatus'), registrar(c.cryptoRegistrarStatus)],
          [t('file.fields.ethAddress'), c.ethAddress && <span className="font-mono">{c.ethAddress}</span>],
        ]}
      />
      {file.wallets.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('file.wallets.none')}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {file.wallets.map((w) => (
            <li key={w.id} className="text-sm">
              <p className="font-medium text-slate-900">
                {w.name} ({t(`file.wallets.types.${w.type}`, { defaultValue: w.type })})
                {w.defaultWallet && ` · ${t('file.wallets.default')}`}
              </p>
              <p className="font-mono text-xs break-all text-slate-700">{w.address}</p>
              <p className="text-xs text-slate-600">
                {t('file.wallets.createdAt', { date: formatDate(w.createdAt, { locale }) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
