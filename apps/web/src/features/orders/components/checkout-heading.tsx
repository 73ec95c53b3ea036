import type { OrderKind } from '@token/domain/orders';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { type CheckoutPageName, checkoutPages } from './checkout-steps.ts';
import { kindContext } from './order-kind.ts';

/** A process page's heading, from the one table of process pages, and the sentence below it. */
export function CheckoutHeading({
  page,
  kind,
  children,
}: {
  page: CheckoutPageName;
  /** A collectible's pages read the collectible's texts (issue 18). */
  kind?: OrderKind;
  children: ReactNode;
}) {
  const { t } = useTranslation('orders');
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">
        {t(checkoutPages[page].heading, kindContext(kind))}
      </h1>
      <p className="mt-1 text-slate-700">{children}</p>
    </div>
  );
}
