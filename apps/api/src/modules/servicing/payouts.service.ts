import type { Locale } from '@token/domain/i18n';
import type { PayoutStatus, PayoutView } from '@token/domain/servicing';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Page, totalOfPage } from '../../db/paging.ts';
import type { PayoutRowStatus } from '../../db/schema/index.ts';

/*
 * The investor's payouts (spec 7 `GET customer-payouts`): their own only, newest first.
 */

/** The stored status as the investor's view names it (approved and not yet paid: scheduled). */
const viewStatus: Record<PayoutRowStatus, PayoutStatus> = {
  pending: 'scheduled',
  paid: 'paid',
  failed: 'failed',
};

/** The customer's payouts, newest payout date first, paged; the bond's name in `locale`. */
export async function listCustomerPayouts(opts: {
  db: Database;
  customerId: number;
  locale: Locale;
  page: Page;
}): Promise<{ items: PayoutView[]; totalItems: number }> {
  const { db, customerId, page } = opts;
  const { rows } = (await db.execute(sql`select p.id, p.type, p.status, p.amount_cents as "amount",
      p.payout_date::text as "payoutDate", p.period_start::text as "periodStart",
      p.period_end::text as "periodEnd", pr.code as "bondCode",
      coalesce(
        (select t.name from product_translations t where t.product_id = pr.id and t.locale = ${opts.locale}),
        (select t.name from product_translations t where t.product_id = pr.id order by t.locale limit 1)
      ) as "bondName",
      count(*) over () as total
    from payouts p
    left join products pr on pr.id = p.product_id
    where p.customer_id = ${customerId}
    order by p.payout_date desc, p.id desc
    limit ${page.itemsPerPage} offset ${(page.page - 1) * page.itemsPerPage}`)) as unknown as {
    rows: {
      id: number | string;
      type: PayoutView['type'];
      status: PayoutRowStatus;
      amount: number | string;
      payoutDate: string;
      periodStart: string | null;
      periodEnd: string | null;
      bondCode: string | null;
      bondName: string | null;
      total: number | string;
    }[];
  };
  const totalItems = await totalOfPage(rows, page, async () => {
    const { rows: counted } = (await db.execute(
      sql`select count(*) as n from payouts where customer_id = ${customerId}`,
    )) as unknown as { rows: { n: number | string }[] };
    return counted[0]?.n;
  });
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      type: r.type,
      status: viewStatus[r.status],
      amount: Number(r.amount),
      payoutDate: r.payoutDate,
      bondCode: r.bondCode,
      bondName: r.bondName ?? r.bondCode,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
    })),
    totalItems,
  };
}
