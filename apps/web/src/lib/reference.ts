import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@token/domain/i18n';
import type { CountryView, CurrencyView } from '@token/domain/reference';
import { useCallback } from 'react';
import { apiRequest } from './api-client.ts';
import { useLocale } from './i18n.ts';

/*
 * The reference data every feature reads (countries, currencies): one fetcher and one query key
 * each, so the forms of onboarding and the order process and the operator's customer file share
 * one cached answer per language. Features pick what they need with `select`.
 */

/** Query keys of the reference data; nothing a user does changes it, so nothing invalidates them. */
export const referenceKeys = {
  countries: (locale: Locale) => ['reference', 'countries', locale] as const,
  currencies: (locale: Locale) => ['reference', 'currencies', locale] as const,
};

// Reference data changes with a deployment, not during a visit.
const referenceStaleTime = 60 * 60_000;

/** GET countries?itemsPerPage=400 (spec 7): every country, disabled ones too, named in `locale`. */
export function getCountries(locale: Locale, signal?: AbortSignal): Promise<CountryView[]> {
  return apiRequest<CountryView[]>(`/api/v2/shop/countries?itemsPerPage=400&locale=${locale}`, { signal });
}

/** GET currencies?itemsPerPage=400 (spec 7): every currency, named in `locale`. */
export function getCurrencies(locale: Locale, signal?: AbortSignal): Promise<CurrencyView[]> {
  return apiRequest<CurrencyView[]>(`/api/v2/shop/currencies?itemsPerPage=400&locale=${locale}`, { signal });
}

/** The query of all countries in `locale`; hooks narrow it with `select`. */
export function countriesQuery(locale: Locale) {
  return queryOptions({
    queryKey: referenceKeys.countries(locale),
    queryFn: ({ signal }) => getCountries(locale, signal),
    staleTime: referenceStaleTime,
  });
}

/** The query of all currencies in `locale`; hooks narrow it with `select`. */
export function currenciesQuery(locale: Locale) {
  return queryOptions({
    queryKey: referenceKeys.currencies(locale),
    queryFn: ({ signal }) => getCurrencies(locale, signal),
    staleTime: referenceStaleTime,
  });
}

/** The countries a person may choose (enabled ones), sorted by their name in the reader's language. */
export function useCountries() {
  const locale = useLocale();
  const select = useCallback(
    (list: CountryView[]) =>
      list.filter((c) => c.enabled).sort((a, b) => a.name.localeCompare(b.name, locale)),
    [locale],
  );
  return useQuery({ ...countriesQuery(locale), select });
}

/** The currencies a person may choose, in the API's order (by code). */
export function useCurrencies() {
  return useQuery(currenciesQuery(useLocale()));
}

/** Every country's name by ISO code (disabled ones too: a record may hold a country no longer offered). */
export function useCountryNameMap() {
  return useQuery({ ...countriesQuery(useLocale()), select: nameMap });
}

/** Every currency's name by ISO code. */
export function useCurrencyNameMap() {
  return useQuery({ ...currenciesQuery(useLocale()), select: nameMap });
}

function nameMap(list: readonly { code: string; name: string }[]): Map<string, string> {
  return new Map(list.map((c) => [c.code, c.name]));
}
