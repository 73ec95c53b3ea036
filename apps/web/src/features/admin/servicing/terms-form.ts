import { violationCodeOf, violationMessage, violationParamsOf } from '@token/domain/errors';
import { formatDate, formatEuro, formatNumber } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { type BondTerms, bondTermsSchema } from '@token/domain/servicing';
import type { FieldErrors, Resolver } from 'react-hook-form';

/*
 * The terms form (issue 17): the operator types euros and per cent, the wire carries cents and basis
 * points. The form's values convert to the API's body, which `bondTermsSchema` (the API's own body
 * schema) then judges; its violations land on the form's fields, worded in the operator's language.
 */

/** The form's values: texts as typed (amounts in euros, the rate in %), the two switches. */
export type TermsFormValues = {
  isin: string;
  issuer: string;
  nominalPerToken: string;
  totalSupply: string;
  issueVolume: string;
  couponRate: string;
  couponFrequency: string;
  dayCountConvention: string;
  issueDate: string;
  firstCouponDate: string;
  maturityDate: string;
  businessDayConvention: string;
  recordDateOffsetBusinessDays: string;
  subscriptionStart: string;
  subscriptionEnd: string;
  minimumSubscription: string;
  maximumOrderNonProfessional: string;
  investorLimit: string;
  professionalOnly: boolean;
  exclusive: boolean;
};
export type TermsFormField = keyof TermsFormValues;

/** The API's field names that the form shows under another name (its unit differs). */
export const termsFieldAliases = {
  nominalPerTokenCents: 'nominalPerToken',
  issueVolumeCents: 'issueVolume',
  couponRateBasisPoints: 'couponRate',
  minimumSubscriptionCents: 'minimumSubscription',
  maximumOrderCentsNonProfessional: 'maximumOrderNonProfessional',
} as const satisfies Partial<Record<keyof BondTerms, TermsFormField>>;

/** The form's field for an API field. */
export const formFieldOf = (apiField: string): TermsFormField =>
  ((termsFieldAliases as Record<string, TermsFormField>)[apiField] ?? apiField) as TermsFormField;

const moneyFields = new Set<string>(Object.keys(termsFieldAliases).filter((f) => f.endsWith('Cents')));

/**
 * A decimal as typed in `locale` (`1.234,56` or `1234,56` in German, `1,234.56` in English) in units
 * of 1/10^decimals: `undefined` when blank, NaN when it is no such number.
 */
export function parseScaled(text: string, locale: Locale, decimals: number): number | undefined {
  const v = text.trim().replace(/\s/g, '');
  if (v === '') return undefined;
  const [group, point] = locale === 'de' ? ['.', ','] : [',', '.'];
  const g = `\\${group}`;
  const fractionPart = decimals > 0 ? `(\\${point}\\d{1,${decimals}})?` : '';
  if (!new RegExp(`^(\\d{1,3}(${g}\\d{3})+|\\d+)${fractionPart}$`).test(v)) return Number.NaN;
  const [whole = '', fraction = ''] = v.split(point);
  return Number(whole.split(group).join('')) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || 0);
}

/** A number of units as the form shows it (`1.234,5` / `1,234.5`), no grouping for plain counts. */
function showScaled(units: number, locale: Locale, decimals: number): string {
  return formatNumber(units / 10 ** decimals, { locale, maximumFractionDigits: decimals });
}

/** The form's values of saved terms (or an empty form). */
export function termsToForm(terms: BondTerms | null, locale: Locale): TermsFormValues {
  const euros = (cents: number | null | undefined) => (cents == null ? '' : showScaled(cents, locale, 2));
  return {
    isin: terms?.isin ?? '',
    issuer: terms?.issuer ?? '',
    nominalPerToken: euros(terms?.nominalPerTokenCents),
    totalSupply: terms ? String(terms.totalSupply) : '',
    issueVolume: euros(terms?.issueVolumeCents),
    couponRate: terms ? showScaled(terms.couponRateBasisPoints, locale, 2) : '',
    couponFrequency: terms?.couponFrequency ?? '',
    dayCountConvention: terms?.dayCountConvention ?? '',
    issueDate: terms?.issueDate ?? '',
    firstCouponDate: terms?.firstCouponDate ?? '',
    maturityDate: terms?.maturityDate ?? '',
    businessDayConvention: terms?.businessDayConvention ?? 'following',
    recordDateOffsetBusinessDays: terms ? String(terms.recordDateOffsetBusinessDays) : '1',
    subscriptionStart: terms?.subscriptionStart ?? '',
    subscriptionEnd: terms?.subscriptionEnd ?? '',
    minimumSubscription: euros(terms?.minimumSubscriptionCents),
    maximumOrderNonProfessional: euros(terms?.maximumOrderCentsNonProfessional),
    investorLimit: terms?.investorLimit == null ? '' : String(terms.investorLimit),
    professionalOnly: terms?.professionalOnly ?? false,
    exclusive: terms?.exclusive ?? false,
  };
}

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The API's body from the form's values (not yet judged: a wrong number stays NaN for the schema). */
export function formToTermsInput(v: TermsFormValues, locale: Locale): Record<keyof BondTerms, unknown> {
  const optional = (n: number | undefined) => (n === undefined ? null : n);
  return {
    isin: v.isin.trim().toUpperCase(),
    issuer: v.issuer,
    nominalPerTokenCents: parseScaled(v.nominalPerToken, locale, 2),
    issueVolumeCents: parseScaled(v.issueVolume, locale, 2),
    totalSupply: parseScaled(v.totalSupply, locale, 0),
    couponRateBasisPoints: parseScaled(v.couponRate, locale, 2),
    couponFrequency: blankToUndefined(v.couponFrequency),
    dayCountConvention: blankToUndefined(v.dayCountConvention),
    issueDate: blankToUndefined(v.issueDate),
    firstCouponDate: blankToUndefined(v.firstCouponDate),
    maturityDate: blankToUndefined(v.maturityDate),
    businessDayConvention: blankToUndefined(v.businessDayConvention),
    recordDateOffsetBusinessDays: parseScaled(v.recordDateOffsetBusinessDays, locale, 0),
    subscriptionStart: blankToUndefined(v.subscriptionStart),
    subscriptionEnd: blankToUndefined(v.subscriptionEnd),
    minimumSubscriptionCents: optional(parseScaled(v.minimumSubscription, locale, 2)),
    maximumOrderCentsNonProfessional: optional(parseScaled(v.maximumOrderNonProfessional, locale, 2)),
    professionalOnly: v.professionalOnly,
    investorLimit: optional(parseScaled(v.investorLimit, locale, 0)),
    exclusive: v.exclusive,
  };
}

/**
 * The form's resolver: converts, judges with `bondTermsSchema`, and words each field's first
 * violation in `locale`; an amount in a rule (`not smaller than {value}`) is shown in euros.
 */
export function termsResolver(locale: Locale): Resolver<TermsFormValues, unknown, BondTerms> {
  return async (values) => {
    const input = formToTermsInput(values, locale);
    const result = bondTermsSchema.safeParse(input);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<TermsFormValues> = {};
    for (const issue of result.error.issues) {
      const apiField = String(issue.path[0] ?? '');
      const field = formFieldOf(apiField);
      if (!(field in values) || errors[field]) continue;
      const value = input[apiField as keyof BondTerms];
      const code = violationCodeOf(issue as Parameters<typeof violationCodeOf>[0], value);
      const params = violationParamsOf(issue as Parameters<typeof violationParamsOf>[0]);
      if (
        moneyFields.has(apiField) &&
        typeof params.value !== 'undefined' &&
        Number.isFinite(Number(params.value))
      ) {
        params.value = formatEuro(Number(params.value), { locale });
      }
      // a date in a rule (`not after {value}`) in the reader's format
      if (typeof params.value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.value)) {
        params.value = formatDate(params.value, { locale });
      }
      errors[field] = { type: code, message: violationMessage(code, locale, params) };
    }
    return { values: {}, errors };
  };
}
