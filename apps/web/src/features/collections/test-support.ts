import type { ProductView } from '@token/domain/catalog-views';
import { productFixture } from '../../lib/test-products.ts';

/* Tests only: a listed collectible as the catalogue answers it. */
export function productForTests(overrides: Partial<ProductView> = {}): ProductView {
  return productFixture('KIEFER', { name: 'Kiefernwald im Abendlicht', slug: 'kiefernwald', ...overrides });
}
