import { isSecurity } from '@token/domain/catalog';
import type { OrderKind } from '@token/domain/orders';

/**
 * The texts' context of an order's kind (issue 18): a collectible is bought, not subscribed, so its
 * pages read the `_collectible` variant of a key where there is one (i18next context, falling back
 * to the bond's text). A bond has no context, so its texts stay exactly as they were.
 */
export function kindContext(kind: OrderKind | null | undefined): { context?: 'collectible' } {
  return kind === 'collectible' ? { context: 'collectible' } : {};
}

/** Whether a catalogue product is a collectible (not a security). */
export function isCollectible(product: { taxCategory: { code: string } | null }): boolean {
  return !isSecurity(product);
}
