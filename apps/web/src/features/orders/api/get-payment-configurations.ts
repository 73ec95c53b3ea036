import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { orderKeys, shop } from './keys.ts';

/** One row of GET product-payment-configurations: a payment method the product accepts. */
export type ProductPaymentConfiguration = {
  id: number;
  product: string;
  paymentMethod: { code: string; name: string };
  enabled: boolean;
  /** Largest order total in cents for this method; null = no limit. */
  maximumAmount: number | null;
};

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
