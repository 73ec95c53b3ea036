import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * The catalogue sentence of a failure (spec 8) and a way to show it in the notification bar.
 * The sentences come from the domain's error catalogue, in the current language.
 */
export function useErrorText() {
  const locale = useLocale();
  return {
    errorText: (err: unknown) => errorMessageOf(err, locale),
    notifyError: (err: unknown) => notify('error', errorMessageOf(err, locale), errorDetailOf(err)),
  };
}
