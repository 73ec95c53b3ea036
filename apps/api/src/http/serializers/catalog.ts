import type { ProductVariantDetailView, ProductView, TaxonView } from '@token/domain/catalog-views';
import type { ProductData } from '../../modules/catalog/product-rows.ts';
import type { ProductVariantDetailData } from '../../modules/catalog/products.service.ts';
import type { TaxonData } from '../../modules/catalog/taxons.service.ts';
import { iri } from '../hydra.ts';

/*
 * The catalogue's REST representations: the services' data with relations as IRIs (API Platform).
 * Overwriting a field keeps its place, so the JSON reads exactly as before the services moved out.
 */

/** A product with IRIs for its taxons, variants, main taxon's parent and legal document downloads. */
export function productResource(p: ProductData): ProductView {
  return {
    ...p,
    mainTaxon: p.mainTaxon && {
      ...p.mainTaxon,
      parent: p.mainTaxon.parent === null ? null : iri('taxons', p.mainTaxon.parent),
    },
    taxons: p.taxons.map((code) => iri('taxons', code)),
    legalDocuments: p.legalDocuments.map((d) => ({ ...d, path: iri('legal-documents', d.id) })),
    variants: p.variants.map((code) => iri('product-variants', code)),
  };
}

/** A taxon and its children with their parents as IRIs. */
export function taxonResource(t: TaxonData): TaxonView {
  return {
    ...t,
    parent: t.parent === null ? null : iri('taxons', t.parent),
    children: t.children.map(taxonResource),
  };
}

/** A variant with its product as an IRI. */
export function productVariantResource(v: ProductVariantDetailData): ProductVariantDetailView {
  return { ...v, product: iri('products', v.product) };
}
