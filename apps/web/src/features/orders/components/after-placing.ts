import type { Locale } from '@token/domain/i18n';
import type { OrderView } from '@token/domain/orders';
import type { NavigateFunction } from 'react-router';
import { errorDetailOf, errorMessageOf } from '../../../lib/errors.ts';
import { appRedirectState } from '../../../lib/navigation.ts';
import { notify } from '../../../lib/notifications.ts';
import { rememberLastOrder, setCurrentOrderToken } from '../api/current-order.ts';
import { leaveForPayment, paymentTargetOf } from './go-to-payment.ts';

/** After the order is placed: to the payment (the card provider's page or the bank transfer's). */
export async function goOnAfterPlacing(placed: OrderView, navigate: NavigateFunction, locale: Locale) {
  rememberLastOrder(placed.tokenValue);
  try {
    const target = await paymentTargetOf(placed);
    if (target.kind === 'external') {
      setCurrentOrderToken(null);
      return leaveForPayment(target.url);
    }
    await navigate(target.to, { replace: true, state: appRedirectState });
  } catch (err) {
    // the order is placed; its finishing page offers the payment again
    await navigate(`/orders/${encodeURIComponent(placed.tokenValue)}/finish`, {
      replace: true,
      state: appRedirectState,
    });
    notify('error', errorMessageOf(err, locale), errorDetailOf(err));
  } finally {
    // the process is over (forgotten once its page is left, so it never shows "no order")
    setCurrentOrderToken(null);
  }
}
