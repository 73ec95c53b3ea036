/** spec 2: a creator's profile summary. */
export function creatorProfilePath(uuid: string): string {
  return `/customer?${new URLSearchParams({ id: uuid })}`;
}

/** A category page, by the category's slug in the visitor's language (else its code). */
export function categoryPath(taxon: { code: string; slug: string | null }): string {
  return `/categories/${encodeURIComponent(taxon.slug ?? taxon.code)}`;
}

/** spec 2: a bid (mock) starts an order of one edition and continues at the addresses step. */
export function bidOrderPath(productCode: string): string {
  return `/order-process/token?${new URLSearchParams({ product: productCode, start: 'bid' })}`;
}
