import {
  type CustomerListScope,
  type CustomerStatus,
  customerUncheckedStatuses,
  kycPassedStates,
  type QueueReason,
  type ReviewQueueItem,
} from '@token/domain/compliance';
import { awaitsComplianceReview } from '@token/domain/onboarding';
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Page } from '../../db/paging.ts';
import {
  complianceAuditLog,
  contactMessages,
  customerDocuments,
  customers,
  erasureRequests,
  identifications,
  professionalRequests,
  wallets,
} from '../../db/schema/index.ts';
import { loadOnboardingFactsOf } from '../onboarding/onboarding.service.ts';
import { displayName } from './audit-log.service.ts';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A timestamp as ISO 8601 text in UTC, read the same from PGlite and PostgreSQL. */
const isoText = (expr: SQL) =>
  sql<string | null>`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A column of the queue's customer row, qualified: drizzle writes columns of a one-table select
 * unqualified, which inside a correlated subquery would name the subquery's own column.
 */
const customer = (column: 'id' | 'email' | 'status' | 'kyc_passed' | 'follow_up_seen_at' | 'updated_at') =>
  sql.raw(`"customers"."${column}"`);

/** The identification states the partner is still reviewing (spec 4 `*_in_review`). */
const inReviewStates = ['approved_in_review', 'rejected_in_review'] as const;

/*
 * One row per customer with the facts the queue is judged by; each reason comes with the time it
 * began, so the queue serves the longest waiting first. Correlated subqueries on indexed customer ids.
 */
const latestIdentification = (column: SQL) => sql`(
  select ${column} from ${identifications} li
  where li.customer_id = ${customer('id')}
  order by li.created_at desc, li.id desc limit 1)`;

/** When the follow-up being answered was asked for: the last decision, else when the customer saw it. */
const followUpSince = sql`coalesce(
  (select max(a.created_at) from ${complianceAuditLog} a
    where a.customer_id = ${customer('id')} and a.action = 'follow_up_requested'),
  ${customer('follow_up_seen_at')},
  '-infinity'::timestamptz)`;

/**
 * When the customer first answered a follow-up: a message through the contact form (linked to the
 * account, or sent from its e-mail address: the form takes messages from visitors too) or a new
 * document, after the follow-up was asked.
 */
const answeredAt = sql`least(
  (select min(m.created_at) from ${contactMessages} m
    where (m.customer_id = ${customer('id')} or lower(m.email) = ${customer('email')})
      and m.created_at > ${followUpSince}),
  (select min(d.created_at) from ${customerDocuments} d
    where d.customer_id = ${customer('id')} and d.created_at > ${followUpSince}))`;

const reasonSql: Record<QueueReason, { applies: SQL; since: SQL }> = {
  // The gate's own answer (`awaitsComplianceReview`), computed for the candidates beforehand.
  onboarding_complete: {
    applies: sql`false`,
    since: sql`coalesce(
      (select min(coalesce(pi.decided_at, pi.updated_at)) from ${identifications} pi
        where pi.customer_id = ${customer('id')} and pi.state in (${list(kycPassedStates)})),
      ${customer('updated_at')})`,
  },
  follow_up_answered: {
    applies: sql`${customer('status')} = 'follow_up' and ${answeredAt} is not null`,
    since: answeredAt,
  },
  identification_review: {
    applies: sql`coalesce(${latestIdentification(sql`li.state`)} in (${list(inReviewStates)}), false)`,
    since: latestIdentification(sql`li.updated_at`),
  },
  professional_request: {
    applies: sql`exists (select 1 from ${professionalRequests} pr
      where pr.customer_id = ${customer('id')} and pr.status = 'requested')`,
    since: sql`(select min(pr.created_at) from ${professionalRequests} pr
      where pr.customer_id = ${customer('id')} and pr.status = 'requested')`,
  },
};

/**
 * Not an erased customer (a confirmed erasure request, decision 024): an erased one is a locked
 * pseudonymous stub whose kept identification, questionnaires and requests wait for nothing, so no
 * reason applies to it. Uncorrelated, so the database reads the erased ids once per query (hashed).
 */
const notErased = sql`${customer('id')} not in (select er.customer_id from ${erasureRequests} er
  where er.state = 'confirmed')`;

/** The reason checks, with "onboarding complete" for exactly the customers the gate named. */
function reasonChecksFor(awaitingIds: readonly number[]): Record<QueueReason, { applies: SQL; since: SQL }> {
  // One array parameter, however many customers wait.
  const awaiting = sql`${customer('id')} = any(${`{${awaitingIds.join(',')}}`}::integer[])`;
  const checks = {
    ...reasonSql,
    onboarding_complete: { ...reasonSql.onboarding_complete, applies: awaiting },
  };
  return Object.fromEntries(
    Object.entries(checks).map(([reason, check]) => [
      reason,
      { ...check, applies: sql`(${notErased} and ${check.applies})` },
    ]),
  ) as Record<QueueReason, { applies: SQL; since: SQL }>;
}

/**
 * The customers whose onboarding the gate finds complete and waiting for the review
 * (`awaitsComplianceReview`, the same function and facts as the customer record). The database
 * narrows the candidates to what the gate needs anyway (status not yet checked, an identification
 * passed, a wallet); the facts of all candidates are read in one batch (no N+1).
 */
async function awaitingReviewIds(db: Database, only?: number): Promise<number[]> {
  const candidates = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        only === undefined ? undefined : eq(customers.id, only),
        sql`(${customer('status')} is null or ${customer('status')} in (${list(customerUncheckedStatuses)}))`,
        sql`(${customer('kyc_passed')} or coalesce(${latestIdentification(sql`li.state`)} in (${list(kycPassedStates)}), false))`,
        sql`exists (select 1 from ${wallets} w where w.customer_id = ${customer('id')})`,
        notErased,
      ),
    );
  const facts = await loadOnboardingFactsOf({ db, customerIds: candidates.map((c) => c.id) });
  return [...facts].filter(([, f]) => awaitsComplianceReview(f)).map(([id]) => id);
}

function queueRows(db: Database, awaitingIds: readonly number[]) {
  const reasonChecks = reasonChecksFor(awaitingIds);
  return db.$with('q').as(
    db
      .select({
        id: customers.id,
        uuid: customers.uuid,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        accountType: customers.accountType,
        companyName: customers.companyName,
        status: customers.status,
        cryptoRegistrarStatus: customers.cryptoRegistrarStatus,
        kycPassed: customers.kycPassed,
        kycState: sql<string | null>`${latestIdentification(sql`li.state`)}`.as('kyc_state'),
        hasWallet:
          sql<boolean>`exists (select 1 from ${wallets} w where w.customer_id = ${customer('id')})`.as(
            'has_wallet',
          ),
        onboardingComplete: sql<boolean>`${reasonChecks.onboarding_complete.applies}`.as('r_onboarding'),
        followUpAnswered: sql<boolean>`${reasonChecks.follow_up_answered.applies}`.as('r_follow_up'),
        identificationReview: sql<boolean>`${reasonChecks.identification_review.applies}`.as('r_review'),
        professionalRequest: sql<boolean>`${reasonChecks.professional_request.applies}`.as('r_professional'),
        waitingSince: sql<Date | null>`least(
          case when ${reasonChecks.onboarding_complete.applies} then ${reasonChecks.onboarding_complete.since} end,
          case when ${reasonChecks.follow_up_answered.applies} then ${reasonChecks.follow_up_answered.since} end,
          case when ${reasonChecks.identification_review.applies} then ${reasonChecks.identification_review.since} end,
          case when ${reasonChecks.professional_request.applies} then ${reasonChecks.professional_request.since} end
        )`.as('waiting_since'),
        createdAt: customers.createdAt,
      })
      .from(customers),
  );
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type ReviewQueueFilter = {
  scope: CustomerListScope;
  status?: CustomerStatus | undefined;
  reason?: QueueReason | undefined;
  /** Part of the name, company name or e-mail address. */
  search?: string | undefined;
};

/**
 * The review queue (customers waiting for an operator's decision, longest waiting first) or, with
 * scope `all`, every customer (newest first, erased ones included, without reasons); filtered by
 * customer status (`unchecked` includes a status never set), by reason and by a search over names
 * and e-mail; paged.
 */
export async function listReviewQueue(opts: {
  db: Database;
  filter: ReviewQueueFilter;
  page: Page;
}): Promise<{ items: ReviewQueueItem[]; totalItems: number }> {
  const { db, filter, page } = opts;
  const q = queueRows(db, await awaitingReviewIds(db));
  const reasonColumn: Record<QueueReason, SQL> = {
    onboarding_complete: sql`${q.onboardingComplete}`,
    follow_up_answered: sql`${q.followUpAnswered}`,
    identification_review: sql`${q.identificationReview}`,
    professional_request: sql`${q.professionalRequest}`,
  };
  const conditions: (SQL | undefined)[] = [];
  if (filter.scope === 'queue') conditions.push(or(...Object.values(reasonColumn)));
  if (filter.reason) conditions.push(reasonColumn[filter.reason]);
  if (filter.status === 'unchecked') conditions.push(or(isNull(q.status), eq(q.status, 'unchecked')));
  else if (filter.status) conditions.push(eq(q.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      sql`(${q.email} ilike ${pattern} or ${q.companyName} ilike ${pattern}
        or concat_ws(' ', ${q.firstName}, ${q.lastName}) ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const order = filter.scope === 'queue' ? [asc(q.waitingSince), asc(q.id)] : [desc(q.createdAt), desc(q.id)];
  const [rows, [total]] = await Promise.all([
    db
      .with(q)
      .select({
        uuid: q.uuid,
        email: q.email,
        firstName: q.firstName,
        lastName: q.lastName,
        accountType: q.accountType,
        companyName: q.companyName,
        status: q.status,
        cryptoRegistrarStatus: q.cryptoRegistrarStatus,
        kycPassed: q.kycPassed,
        kycState: q.kycState,
        hasWallet: q.hasWallet,
        onboardingComplete: q.onboardingComplete,
        followUpAnswered: q.followUpAnswered,
        identificationReview: q.identificationReview,
        professionalRequest: q.professionalRequest,
        waitingSince: isoText(sql`${q.waitingSince}`),
        createdAt: isoText(sql`${q.createdAt}`),
      })
      .from(q)
      .where(where)
      .orderBy(...order)
      .limit(page.itemsPerPage)
      .offset((page.page - 1) * page.itemsPerPage),
    db.with(q).select({ n: count() }).from(q).where(where),
  ]);
  const items = rows.map((r): ReviewQueueItem => {
    const reasons: QueueReason[] = [];
    if (r.onboardingComplete) reasons.push('onboarding_complete');
    if (r.followUpAnswered) reasons.push('follow_up_answered');
    if (r.identificationReview) reasons.push('identification_review');
    if (r.professionalRequest) reasons.push('professional_request');
    return {
      uuid: r.uuid,
      email: r.email,
      fullName: displayName(r),
      accountType: r.accountType,
      companyName: r.companyName,
      status: r.status,
      cryptoRegistrarStatus: r.cryptoRegistrarStatus,
      kycPassed: r.kycPassed,
      kycState: r.kycState,
      hasWallet: Boolean(r.hasWallet),
      reasons,
      waitingSince: r.waitingSince,
      createdAt: r.createdAt ?? '',
    };
  });
  return { items, totalItems: Number(total?.n ?? 0) };
}

/** The reasons one customer waits in the queue (for the customer's page). */
export async function queueReasonsOf(opts: { db: Database; customerId: number }): Promise<QueueReason[]> {
  const q = queueRows(opts.db, await awaitingReviewIds(opts.db, opts.customerId));
  const [row] = await opts.db
    .with(q)
    .select({
      onboardingComplete: q.onboardingComplete,
      followUpAnswered: q.followUpAnswered,
      identificationReview: q.identificationReview,
      professionalRequest: q.professionalRequest,
    })
    .from(q)
    .where(eq(q.id, opts.customerId));
  if (!row) return [];
  const reasons: QueueReason[] = [];
  if (row.onboardingComplete) reasons.push('onboarding_complete');
  if (row.followUpAnswered) reasons.push('follow_up_answered');
  if (row.identificationReview) reasons.push('identification_review');
  if (row.professionalRequest) reasons.push('professional_request');
  return reasons;
}
