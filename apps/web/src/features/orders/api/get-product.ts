import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../lib/i18n.ts';
import { productQuery } from '../../../lib/product.ts';

/** The bond being ordered (price, restrictions, legal documents); read once its code is known. */
export function useProduct(code: string | null) {
  const locale = useLocale();
  return useQuery({ ...productQuery(code ?? '', locale), enabled: Boolean(code) });
}
