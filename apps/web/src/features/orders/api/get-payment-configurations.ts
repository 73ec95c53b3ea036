import { useQuery } from '@tanstack/react-query';
import type { ProductPaymentConfigurationView } from '@token/domain/payments';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { orderKeys, shop } from './keys.ts';

/** One row of GET product-payment-configurations: a payment method the product accepts. */
export type ProductPaymentConfiguration = ProductPaymentConfigurationView;

/** GET product-payment-configurations?product.code=: the ways this bond can be paid. */
export function getPaymentConfigurations(
  productCode: string,
  signal?: AbortSignal,
): Promise<ProductPaymentConfiguration[]> {
  return apiRequest<ProductPaymentConfiguration[]>(
    `${shop}/product-payment-configurations?${new URLSearchParams({ 'product.code': productCode })}`,
    { signal },
  );
}

export function usePaymentConfigurations(productCode: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: orderKeys.paymentConfigurations(productCode ?? '', locale),
    queryFn: ({ signal }) => getPaymentConfigurations(productCode ?? '', signal),
    enabled: Boolean(productCode),
  });
}
