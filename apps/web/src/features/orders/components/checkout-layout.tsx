import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useProcessCancelAction } from '../../../lib/navigation.ts';
import { currentOrderToken, setCurrentOrderToken, useCurrentOrderToken } from '../api/current-order.ts';
import { deleteOrder } from '../api/delete-order.ts';
import { useOrder } from '../api/get-order.ts';
import { orderKeys } from '../api/keys.ts';
import { CheckoutProgress } from './checkout-progress.tsx';
import { checkoutPageOfPath, checkoutPages } from './checkout-steps.ts';
import { kindContext } from './order-kind.ts';

/**
 * The order process (spec 2 `orderProcess`): progress indicator and the open step's page. Leaving
 * it for anything but a process or end-of-process route asks 'All prepared information will be
 * lost' (the app's navigation guard); confirming deletes the order in preparation and forgets it.
 */
export function CheckoutLayout() {
  const { t } = useTranslation('orders');
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const page = checkoutPageOfPath(pathname) ?? checkoutPages.token;
  // issue 18: buying a collectible is a purchase, not a subscription (the order is already cached)
  const context = kindContext(useOrder(useCurrentOrderToken()).data?.kind);

  useProcessCancelAction('orderProcess', async () => {
    const token = currentOrderToken();
    if (!token) return;
    // forgotten first: even if the delete fails, the next order starts afresh (the server expires carts)
    setCurrentOrderToken(null);
    queryClient.removeQueries({ queryKey: orderKeys.order(token) });
    await deleteOrder(token);
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-10">
      <DocumentTitle title={`${t(`process.parts.${page.part}`, context)} · ${t('process.title', context)}`} />
      <p className="text-sm font-medium text-accent-700">{t('process.title', context)}</p>
      <div className="mt-3">
        <CheckoutProgress page={page} context={context} />
      </div>
      <div className="mt-6 sm:mt-8">
        <Outlet />
      </div>
    </div>
  );
}
