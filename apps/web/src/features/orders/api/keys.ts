import type { Locale } from '@token/domain/i18n';

/** Query keys of the investor's orders; mutations invalidate or set the keys they change. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  // the API names the products in the reader's language: a language switch asks again
  list: (page: number, locale: Locale) => ['orders', 'list', page, locale] as const,
  order: (tokenValue: string) => ['orders', 'order', tokenValue] as const,
  paymentConfiguration: (tokenValue: string, paymentId: number) =>
    ['orders', 'order', tokenValue, 'payment-configuration', paymentId] as const,
  invoices: (tokenValue: string) => ['orders', 'order', tokenValue, 'invoices'] as const,
  paymentConfigurations: (productCode: string, locale: Locale) =>
    ['orders', 'product-payment-configurations', productCode, locale] as const,
  billingAddress: ['orders', 'billing-address'] as const,
};

/** The shop API's base path. */
export const shop = '/api/v2/shop';

/** The path of an order by its token. */
export const orderPath = (tokenValue: string) => `${shop}/orders/${encodeURIComponent(tokenValue)}`;
