import { useTranslation } from 'react-i18next';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';

/**
 * The catalogue sentence of a failure (spec 8) and a way to show it in the notification bar.
 * The error catalogue is read through the app's default namespace, not `accounts`.
 */
export function useErrorText() {
  const { t } = useTranslation();
  return {
    errorText: (err: unknown) => errorMessageOf(t, err),
    notifyError: (err: unknown) => notify('error', errorMessageOf(t, err), errorDetailOf(err)),
  };
}
