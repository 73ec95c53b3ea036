import type { ProductPaymentConfigurationData } from '../../modules/payments/payments.service.ts';
import { iri } from '../hydra.ts';

/** A product payment configuration with its product as an IRI. */
export function productPaymentConfigurationResource(c: ProductPaymentConfigurationData) {
  return { ...c, product: iri('products', c.product) };
}
