import { errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';

/**
 * The catalogue sentence of a failure (spec 8), in the current language, for the account pages that
 * show it in place (a link that no longer works, a refused code). The notification bar's sentence
 * comes from lib/error-text.tsx `notifyFailure`.
 */
export function useErrorText() {
  const locale = useLocale();
  return { errorText: (err: unknown) => errorMessageOf(err, locale) };
}
