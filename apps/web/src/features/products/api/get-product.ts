import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../lib/i18n.ts';
import { productQuery } from '../../../lib/product.ts';

/** The product page's product: a missing one shows as page-not-found, other failures in place. */
export function useProduct(code: string) {
  const locale = useLocale();
  return useQuery({ ...productQuery(code, locale), meta: { silentErrors: true } });
}
