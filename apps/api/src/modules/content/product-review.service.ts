import { AppError } from '@token/domain/errors';
import type { Locale } from '@token/domain/i18n';
import { assertCanTransition } from '@token/domain/lifecycle';
import {
  type CreatorProductView,
  type ProductReviewState,
  productReviewLifecycle,
} from '@token/domain/marketplace';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creatorProducts } from '../../db/schema/index.ts';
import { appendAuditEntry } from '../admin/audit-log.service.ts';
import { loadCreatorProducts, lockCreatorProductByCode } from './creator-products.service.ts';

/**
 * An operator's decision on a creator's product (issue 18, /admin/products): approving lists it in the
 * shop, rejecting (with a reason the creator reads) hides it. The decision and its audit entry (on the
 * creator's compliance log) commit together; the catalogue revision moves by trigger, so every read
 * cache follows.
 */
export async function decideProductReview(opts: {
  db: Database;
  operatorId: number;
  code: string;
  locale: Locale;
  decision: Extract<ProductReviewState, 'approved' | 'rejected'>;
  reason?: string | undefined;
}): Promise<CreatorProductView> {
  const { db, operatorId, code, decision } = opts;
  const productId = await db.transaction(async (tx) => {
    const row = await lockCreatorProductByCode(tx, code);
    if (row.inDraftCollection) throw new AppError('collection_not_submitted');
    assertCanTransition(productReviewLifecycle, row.reviewState as ProductReviewState, decision);
    await tx
      .update(creatorProducts)
      .set({
        reviewState: decision,
        rejectionReason: decision === 'rejected' ? (opts.reason ?? null) : null,
        reviewedAt: new Date(),
        reviewedBy: operatorId,
      })
      .where(eq(creatorProducts.productId, row.productId));
    await appendAuditEntry(tx, {
      customerId: row.creatorId,
      actorId: operatorId,
      action: decision === 'approved' ? 'product_approved' : 'product_rejected',
      reason: decision === 'rejected' ? (opts.reason ?? null) : null,
      details: { productCode: code, from: row.reviewState },
    });
    return row.productId;
  });
  const [view] = await loadCreatorProducts(db, opts.locale, [productId]);
  return view!;
}
